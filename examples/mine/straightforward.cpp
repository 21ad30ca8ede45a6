// A right solution of mine (seeds 000/002) written the way the accepted ones are: the
// board in plain arrays, a flood fill with an explicit queue, the cells an operation
// opens sorted before they are printed, scanf and printf. Nothing clever, and no rescan of
// the whole board per operation, which the statement's limits rule out. The test sets are
// held to it: every test of a default set must pass within half the time limit.
//   g++ -O2 -o /tmp/straightforward examples/mine/straightforward.cpp
//   go run ./cmd/diff judge -game mine -cmd /tmp/straightforward DIR
// It assumes valid input, as a contestant may.
#include <algorithm>
#include <cstdio>
#include <cstring>

const int N = 1002;

int n, m;
char board[N][N + 1];
int num[N][N];            // the mines among the eight neighbours
bool swept[N][N], flagged[N][N];
int safeLeft;             // the safe cells not swept yet
int opened[N * N], cnt;   // the cells the operation swept, as x * N + y
int qx[N * N], qy[N * N]; // the flood fill's queue

bool inside(int x, int y) { return x >= 1 && x <= n && y >= 1 && y <= m; }

void open(int x, int y) {
  swept[x][y] = true;
  flagged[x][y] = false;  // a cascade removes the flag of a cell it reaches
  safeLeft--;
  opened[cnt++] = x * N + y;
}

// The sweep process on a safe cell not swept: a 0 opens its neighbours, and so on.
void sweepFrom(int x, int y) {
  open(x, y);
  if (num[x][y] != 0) return;
  int head = 0, tail = 0;
  qx[tail] = x, qy[tail] = y, tail++;
  while (head < tail) {
    int cx = qx[head], cy = qy[head];
    head++;
    for (int dx = -1; dx <= 1; dx++)
      for (int dy = -1; dy <= 1; dy++) {
        int nx = cx + dx, ny = cy + dy;
        if (!inside(nx, ny) || swept[nx][ny]) continue;
        open(nx, ny);
        if (num[nx][ny] == 0) qx[tail] = nx, qy[tail] = ny, tail++;
      }
  }
}

void feedback() {
  if (cnt == 0) {
    printf("no cell detected\n");
    return;
  }
  std::sort(opened, opened + cnt);
  printf("%d cell(s) detected\n", cnt);
  for (int i = 0; i < cnt; i++) printf("%d %d %d\n", opened[i] / N, opened[i] % N, num[opened[i] / N][opened[i] % N]);
}

int main() {
  if (scanf("%d %d", &n, &m) != 2) return 0;
  for (int i = 1; i <= n; i++) scanf("%s", board[i] + 1);
  for (int i = 1; i <= n; i++)
    for (int j = 1; j <= m; j++) {
      if (board[i][j] != '*') safeLeft++;
      for (int dx = -1; dx <= 1; dx++)
        for (int dy = -1; dy <= 1; dy++)
          if ((dx || dy) && inside(i + dx, j + dy) && board[i + dx][j + dy] == '*') num[i][j]++;
    }
  int steps = 0;
  const char* end = "";
  char op[16];
  while (scanf("%15s", op) == 1) {
    if (strcmp(op, "Quit") == 0) {
      end = "give up";
      break;
    }
    int x, y;
    scanf("%d %d", &x, &y);
    steps++;
    cnt = 0;
    if (strcmp(op, "Flag") == 0) {
      if (swept[x][y]) printf("swept\n");
      else if (flagged[x][y]) flagged[x][y] = false, printf("cancelled\n");
      else flagged[x][y] = true, printf("success\n");
      continue;  // no finish check after a Flag
    }
    bool boom = false;
    if (strcmp(op, "Sweep") == 0) {
      if (swept[x][y]) printf("swept\n");
      else if (flagged[x][y]) printf("flagged\n");
      else if (board[x][y] == '*') boom = true;
      else sweepFrom(x, y), feedback();
    } else {  // DSweep
      int flags = 0;
      for (int dx = -1; dx <= 1; dx++)
        for (int dy = -1; dy <= 1; dy++)
          if ((dx || dy) && inside(x + dx, y + dy) && flagged[x + dx][y + dy]) flags++;
      if (!swept[x][y]) printf("not swept\n");
      else if (num[x][y] == 0 || flags != num[x][y]) printf("failed\n");
      else {
        for (int dx = -1; dx <= 1 && !boom; dx++)
          for (int dy = -1; dy <= 1 && !boom; dy++) {
            int nx = x + dx, ny = y + dy;
            if ((dx || dy) && inside(nx, ny) && !swept[nx][ny] && !flagged[nx][ny]) {
              if (board[nx][ny] == '*') boom = true;
              else sweepFrom(nx, ny);
            }
          }
        if (!boom) feedback();  // printed only once every sweep process is done
      }
    }
    if (boom) {
      printf("boom\n");
      end = "game over";
      break;
    }
    if (safeLeft == 0) {  // after every Sweep and DSweep, whatever it answered
      end = "finish";
      break;
    }
  }
  printf("%s\ntotal step %d\n", end, steps);
}

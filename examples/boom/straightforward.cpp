// A straightforward right solution of boom (seed 003, docs/boom.md), written as the
// accepted ones are: plain arrays, a flood fill with an explicit queue, scanf and printf,
// nothing clever. The test sets' own right solution is solution.cpp; this one shows that
// a plain reading of the statement passes the default set (gamediff gen -game boom) too.
//   g++ -O2 -o /tmp/boom-straightforward examples/boom/straightforward.cpp
//   gamediff judge -game boom -cmd /tmp/boom-straightforward DIR
// It assumes valid input, as a contestant may.
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <utility>
#include <vector>

const int N = 205;

int n, m, k, unopened;
bool isMine[N][N], opened[N][N];
char view[N][N];  // the player map: '_', 'P', '?', or the digit of an opened cell
int number[N][N];  // the mines among the 8 neighbours
int qx[N * N], qy[N * N];
std::vector<std::pair<int, int> > changed;  // the cells the operation changed

bool inside(int x, int y) { return x >= 1 && x <= n && y >= 1 && y <= m; }

void mark(int x, int y) {
  opened[x][y] = true;
  view[x][y] = '0' + number[x][y];
  unopened--;
  changed.push_back(std::make_pair(x, y));
}

// open opens <x, y>, which is neither opened nor P nor a mine, and every cell its 0s
// reach, breadth first.
void open(int x, int y) {
  int head = 0, tail = 0;
  mark(x, y);
  qx[tail] = x, qy[tail] = y, tail++;
  while (head < tail) {
    int cx = qx[head], cy = qy[head];
    head++;
    if (number[cx][cy] != 0) continue;
    for (int dx = -1; dx <= 1; dx++)
      for (int dy = -1; dy <= 1; dy++) {
        int nx = cx + dx, ny = cy + dy;
        if (inside(nx, ny) && !opened[nx][ny] && view[nx][ny] != 'P') {
          mark(nx, ny);
          qx[tail] = nx, qy[tail] = ny, tail++;
        }
      }
  }
}

// middle plays a middle click on <x, y>; it returns true when the game is lost.
bool middle(int x, int y) {
  if (!opened[x][y]) return false;
  int flags = 0;
  for (int dx = -1; dx <= 1; dx++)
    for (int dy = -1; dy <= 1; dy++)
      if ((dx || dy) && inside(x + dx, y + dy) && view[x + dx][y + dy] == 'P') flags++;
  if (flags != number[x][y]) return false;
  for (int dx = -1; dx <= 1; dx++)
    for (int dy = -1; dy <= 1; dy++) {
      int nx = x + dx, ny = y + dy;
      if ((dx || dy) && inside(nx, ny) && !opened[nx][ny] && view[nx][ny] != 'P' && isMine[nx][ny]) return true;
    }
  for (int dx = -1; dx <= 1; dx++)
    for (int dy = -1; dy <= 1; dy++) {
      int nx = x + dx, ny = y + dy;
      if ((dx || dy) && inside(nx, ny) && !opened[nx][ny] && view[nx][ny] != 'P') open(nx, ny);
    }
  return false;
}

void play() {
  static char row[N + 64];
  scanf("%d %d", &n, &m);
  k = 0;
  for (int i = 1; i <= n; i++) {
    scanf("%s", row);
    for (int j = 1; j <= m; j++) {
      isMine[i][j] = row[j - 1] == '*';
      if (isMine[i][j]) k++;
      opened[i][j] = false;
      view[i][j] = '_';
    }
  }
  for (int i = 1; i <= n; i++)
    for (int j = 1; j <= m; j++) {
      number[i][j] = 0;
      for (int dx = -1; dx <= 1; dx++)
        for (int dy = -1; dy <= 1; dy++)
          if ((dx || dy) && inside(i + dx, j + dy) && isMine[i + dx][j + dy]) number[i][j]++;
    }
  unopened = n * m;
  bool over = false;
  int op, x, y;
  while (scanf("%d", &op) == 1 && op != 0) {
    scanf("%d %d", &x, &y);
    if (over) {
      printf("INVALID\n");
      continue;
    }
    changed.clear();
    bool lost = false;
    if (op == 1) {
      if (!opened[x][y] && view[x][y] != 'P') {
        if (isMine[x][y])
          lost = true;
        else
          open(x, y);
      }
    } else if (op == 2) {
      if (!opened[x][y]) {
        view[x][y] = view[x][y] == '_' ? 'P' : view[x][y] == 'P' ? '?' : '_';
        changed.push_back(std::make_pair(x, y));
      }
    } else {
      lost = middle(x, y);
    }
    if (lost) {
      printf("LOSE\n");
      over = true;
      continue;
    }
    std::sort(changed.begin(), changed.end());
    printf("RUNNING: [");
    for (size_t i = 0; i < changed.size(); i++) {
      if (i > 0) printf(", ");
      printf("<%d, %d, %c>", changed[i].first, changed[i].second, view[changed[i].first][changed[i].second]);
    }
    printf("]\n");
    if (unopened == k) {
      printf("WIN\n");
      over = true;
    }
  }
  if (!over) printf("QUIT\n");
}

int main() {
  int t;
  scanf("%d", &t);
  for (int i = 0; i < t; i++) {
    if (i > 0) printf("==========\n");
    play();
  }
  return 0;
}

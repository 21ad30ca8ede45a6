// A straightforward solution of tower (seed 001, "Problem L: The Tower"), written the way
// the accepted solutions of the problem are: after every command, valid or not, it runs
// the automatic steps round after round, each round a scan of the whole tower, until a
// round changes nothing (docs/tower.md R-T13). scanf and printf, nothing clever. The test
// sets gen writes must let it pass within half the time limit: a default set must not
// fail the way the accepted solutions are written.
//   g++ -O2 -o /tmp/straightforward examples/tower/straightforward.cpp
//   go run ./cmd/diff judge -game tower -cmd /tmp/straightforward DIR
// It assumes valid input, as a contestant may.
#include <cstdio>
#include <cstdlib>
#include <cstring>

enum { RUNNING, CLEARED, HOLE, BLOCK, WALKING_GOAL, GAVE_UP };
static const char* const result[] = {"", "Cleared", "Death by Hole", "Death by Block",
                                     "Death by Walking Goal", "Gave Up"};

static int n, m;
static int pl, pc;      // the player's level and column
static int gl, gc;      // where the goal starts
static char g[52][52];  // g[level][column], level 1 at the bottom; '.' empty

static bool inside(int c) { return c >= 1 && c <= m; }
static char at(int l, int c) { return l >= 1 && l <= n && inside(c) ? g[l][c] : '.'; }
static bool block(int l, int c) { return at(l, c) != '.'; }

// slide moves the block at (l, c), just pushed one cell in direction d, on while it may
// (R-T10): ice on a block or the floor, or any block on ice, into an empty cell.
static void slide(int l, int c, int d) {
  for (;;) {
    char b = g[l][c];
    char under = l > 1 ? g[l - 1][c] : '#';  // the floor holds like a block, and is not ice
    bool carried = under == 'I' || (b == 'I' && under != '.');
    if (!carried || block(l, c + d)) return;
    g[l][c] = '.';
    c += d;
    if (!inside(c)) return;  // it slid out of the tower
    g[l][c] = b;
  }
}

// push moves the chain beside the player, the farthest block first (R-T9).
static bool push(int d) {
  int end = pc + d;
  while (block(pl, end)) {
    if (g[pl][end] == 'C') return false;
    end += d;
  }
  if (end == pc + d) return false;
  for (int c = end - d; c != pc; c -= d) {
    char b = g[pl][c];
    g[pl][c] = '.';
    if (inside(c + d)) {
      g[pl][c + d] = b;
      slide(pl, c + d, d);
    }
  }
  return true;
}

// act carries out a command if it is valid (R-T6 to R-T12); an invalid one changes nothing.
static void act(const char* cmd, const char* arg) {
  int d = strcmp(arg, "LEFT") == 0 ? -1 : 1;
  int ol = pl, oc = pc;
  if (strcmp(cmd, "MOVETO") == 0) {
    long long s = atoll(arg);
    if (s < 1 || s > m || s == pc || block(pl, (int)s)) return;
    int lo = pc < s ? pc : (int)s, hi = pc < s ? (int)s : pc;
    if (pl > 1)
      for (int c = lo; c <= hi; c++)
        if (!block(pl - 1, c)) return;
    pc = (int)s;
  } else if (strcmp(cmd, "CLIMB") == 0) {
    if (pl >= n || !block(pl, pc + d) || block(pl + 1, pc) || block(pl + 1, pc + d)) return;
    pl++, pc += d;
  } else if (strcmp(cmd, "GETDOWN") == 0) {
    if (pl < 2 || !inside(pc + d) || block(pl, pc + d) || block(pl - 1, pc + d)) return;
    pl--, pc += d;
  } else if (strcmp(cmd, "PULL") == 0) {  // PULL RIGHT pulls the block on his left
    char b = at(pl, pc - d);
    if (b == '.' || b == 'C' || !inside(pc + d) || block(pl, pc + d)) return;
    g[pl][pc - d] = '.';
    g[pl][pc] = b;
    pc += d;
  } else {
    push(d);
    return;  // the player does not move: no countdown
  }
  // R-T12: the fragile block he left counts down.
  if (ol > 1) {
    char& f = g[ol - 1][oc];
    if (f == '2' || f == '3') f--;
    else if (f == '1') f = '.';
  }
}

// settle runs the automatic rounds, each a scan of the whole tower, until one changes
// nothing (R-T13 to R-T16).
static void settle() {
  static bool gone[52][52];
  for (bool changed = true; changed;) {
    changed = false;
    for (int l = 2; l <= n; l++)
      for (int c = 1; c <= m; c++) gone[l][c] = g[l][c] != '.' && g[l - 1][c] == 'B';
    for (int l = 2; l <= n; l++)
      for (int c = 1; c <= m; c++)
        if (gone[l][c]) g[l][c] = '.', changed = true;
    while (pl > 1 && g[pl - 1][pc] == '.') pl--, changed = true;
    for (int l = 2; l <= n; l++)
      for (int c = 1; c <= m; c++) {
        if (g[l][c] == '.') continue;
        int k = l;
        while (k > 1 && !block(k - 1, c - 1) && !block(k - 1, c) && !block(k - 1, c + 1)) k--;
        if (k != l) {
          g[k][c] = g[l][c];
          g[l][c] = '.';
          changed = true;
        }
      }
  }
}

// check tests the conditions (A) to (D) in order (R-T18).
static int check() {
  char under = pl > 1 ? g[pl - 1][pc] : '#';  // the floor: neither G nor B
  if (under == 'G') return CLEARED;
  if (under == 'B') return HOLE;
  if (g[pl][pc] != '.') return BLOCK;
  if (g[gl][gc] != 'G') return WALKING_GOAL;
  return RUNNING;
}

int main() {
  while (scanf("%d %d", &n, &m) == 2 && (n != 0 || m != 0)) {
    memset(g, '.', sizeof g);
    for (int l = n; l >= 1; l--)
      for (int c = 1; c <= m; c++) {
        char ch;
        if (scanf(" %c", &ch) != 1) return 0;
        if (ch == 'S') pl = l, pc = c, ch = '.';
        if (ch == 'G') gl = l, gc = c;
        g[l][c] = ch;
      }
    int state = check();  // R-T3: on the layout as given
    long long t;
    if (scanf("%lld", &t) != 1) return 0;
    char cmd[16], arg[32];
    for (long long i = 0; i < t; i++) {
      if (scanf("%15s %31s", cmd, arg) != 2) return 0;
      if (state != RUNNING) continue;  // read and ignored (R-T5)
      act(cmd, arg);
      if ((state = check()) != RUNNING) continue;  // R-T4.2: right after the action
      settle();
      state = check();
    }
    printf("Game Over : %s\n", result[state == RUNNING ? GAVE_UP : state]);
  }
  return 0;
}

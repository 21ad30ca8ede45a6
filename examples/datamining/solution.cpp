// A contestant-style solution of datamining (seed 004, "Data Mining?"): for every safe
// first cell, play the casual player's two rules until nothing changes, and print the
// fewest covered safe cells left. For the README's "Hunt your own solution" example:
//   g++ -O2 -o /tmp/datamining examples/datamining/solution.cpp
//   go build -o gamediff ./cmd/diff && ./gamediff hunt -game datamining -cmd /tmp/datamining
// It assumes valid input, as a contestant may.
//
// A board has at most 40 cells, so a set of cells is one 64-bit mask. The rules only
// ever add knowledge (a flag is always on a mine, and f = m or "every uncleared
// neighbour is a mine" stays true once true), so their fixpoint from a start A contains
// the fixpoint from any start that A's run clears: such a start can be skipped.
#include <cstdint>
#include <cstdio>

typedef uint64_t Mask;

static int popcount(Mask x) { return __builtin_popcountll(x); }

int main() {
  int r, c;
  static char row[64];
  while (scanf("%d %d", &r, &c) == 2 && (r || c)) {
    int cells = r * c;
    Mask mines = 0;
    for (int i = 0; i < r; i++) {
      scanf("%63s", row);
      for (int j = 0; j < c; j++)
        if (row[j] == 'M') mines |= Mask(1) << (i * c + j);
    }
    Mask all = cells == 64 ? ~Mask(0) : (Mask(1) << cells) - 1;
    Mask safe = all & ~mines;
    Mask adj[64];
    int mined[64];
    for (int p = 0; p < cells; p++) {
      int x = p / c, y = p % c;
      adj[p] = 0;
      for (int dx = -1; dx <= 1; dx++)
        for (int dy = -1; dy <= 1; dy++) {
          int nx = x + dx, ny = y + dy;
          if ((dx || dy) && nx >= 0 && nx < r && ny >= 0 && ny < c) adj[p] |= Mask(1) << (nx * c + ny);
        }
      mined[p] = popcount(adj[p] & mines);
    }
    int best = popcount(safe);  // no safe cell at all: 0
    Mask tried = 0;             // cleared by some earlier start's run
    for (int s = 0; s < cells && best > 0; s++) {
      if (!(safe >> s & 1) || (tried >> s & 1)) continue;
      Mask cleared = Mask(1) << s, flagged = 0;
      for (bool changed = true; changed;) {
        changed = false;
        for (Mask todo = cleared; todo; todo &= todo - 1) {
          int p = __builtin_ctzll(todo);
          Mask covered = adj[p] & ~cleared & ~flagged;
          if (!covered) continue;
          int f = popcount(adj[p] & flagged);
          if (f == mined[p]) cleared |= covered, changed = true;
          else if (f + popcount(covered) == mined[p]) flagged |= covered, changed = true;
        }
      }
      tried |= cleared;
      int left = popcount(safe & ~cleared);
      if (left < best) best = left;
    }
    printf("%d\n", best);
  }
}

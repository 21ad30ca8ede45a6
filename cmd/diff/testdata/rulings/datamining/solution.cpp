// examples/datamining/solution.cpp, right as written, with one reading of one ruling of
// docs/datamining.md read otherwise when its name is the first argument
// (cmd/diff/triage hunts each; a contestant's way to get it wrong, each differing
// from the ruling only in its situation, ruling/datamining.go):
//   flags-covered            R-D1  a flagged cell counted as covered too: rule 2 reads
//                                  f + (c + f) = m
//   starts-on-mines-too      R-D2  a mine as first cell is played as any other: cleared, and
//                                  the rules applied from it (the start loop does not skip
//                                  mines)
// Without an argument it is the example. It assumes valid input, as a contestant may.
//
// flags-covered plays each start as ruling/datamining.go's misreading does (every cleared
// cell, lowest first, those cleared during a pass included, pass after pass; a rule that
// clears a mine loses), with no start skipped: a misreading's fixpoint depends on the order,
// and the ruling's situation is that misreading's play changing the answer.
#include <cstdint>
#include <cstdio>
#include <cstring>

typedef uint64_t Mask;

static int popcount(Mask x) { return __builtin_popcountll(x); }

int main(int argc, char** argv) {
  const char* reading = argc > 1 ? argv[1] : "";  // the reading of a ruling taken otherwise, or ""
  bool flagsCovered = !strcmp(reading, "flags-covered"), mineStart = !strcmp(reading, "starts-on-mines-too");
  if (*reading && !flagsCovered && !mineStart) { fprintf(stderr, "datamining: unknown reading %s\n", reading); return 2; }
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
    for (int s = 0; s < cells && best > 0 && flagsCovered; s++) {
      if (!(safe >> s & 1)) continue;
      Mask cleared = Mask(1) << s, flagged = 0;
      bool lost = false;
      for (bool changed = true; changed && !lost;) {
        changed = false;
        for (int p = 0; p < cells && !lost; p++) {
          if (!(cleared >> p & 1)) continue;
          Mask covered = adj[p] & ~cleared & ~flagged;
          if (!covered) continue;
          int f = popcount(adj[p] & flagged);
          if (f == mined[p]) lost = covered & mines, cleared |= covered, changed = true;
          else if (2 * f + popcount(covered) == mined[p]) flagged |= covered, changed = true;
        }
      }
      int left = lost ? popcount(safe) : popcount(safe & ~cleared & ~flagged);
      if (left < best) best = left;
    }
    for (int s = 0; s < cells && best > 0 && !flagsCovered; s++) {
      if ((!(safe >> s & 1) && !mineStart) || (tried >> s & 1)) continue;
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
      if (safe >> s & 1) tried |= cleared;  // a mine start's play is no safe start's: skip none for it
      int left = popcount(safe & ~cleared);
      if (left < best) best = left;
    }
    printf("%d\n", best);
  }
}

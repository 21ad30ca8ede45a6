// A contestant-style solution of tower (seed 001, "Problem L: The Tower"), following the
// rulebook R-T1 ... R-T18, for the README's "Hunt your own solution" example:
//   g++ -O2 -o /tmp/tower examples/tower/solution.cpp
//   go build -o gamediff ./cmd/diff && ./gamediff hunt -game tower -cmd /tmp/tower
// It assumes valid input, as a contestant may.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

enum { RUNNING, CLEARED, HOLE, BLOCK, WALKING_GOAL, GAVE_UP };
static const char* const result[] = {"", "Cleared", "Death by Hole", "Death by Block",
                                     "Death by Walking Goal", "Gave Up"};

static int n, m;
static int pl, pc;  // the player's level and column
static int gl, gc;  // where the goal starts
static char g[52][52];  // g[level][column]; '.' empty; the player is never in it
// Beside g, each level as bits (bit c: column c; bits 0 and m+1 stay clear, the outside):
// occ holds the blocks, dim the B blocks. They let a settled field be seen as such in a
// few word operations instead of a scan of every cell.
static uint64_t occ[52], dim[52];
static void set(int l, int c, char ch) {
  uint64_t bit = uint64_t(1) << c;
  g[l][c] = ch;
  occ[l] = ch == '.' ? occ[l] & ~bit : occ[l] | bit;
  dim[l] = ch == 'B' ? dim[l] | bit : dim[l] & ~bit;
}
// below3(l): the columns of level l + 1 with a block among their three lower cells.
static uint64_t below3(int l) { return occ[l] | occ[l] << 1 | occ[l] >> 1; }

// Input: the whole of stdin, read as scanf would read characters and words.
static std::vector<char> in;
static size_t pos = 0;
static bool blank(char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }
static char readChar() {
  while (pos < in.size() && blank(in[pos])) pos++;
  return pos < in.size() ? in[pos++] : 0;
}
static std::string readWord() {
  std::string s(1, readChar());
  while (pos < in.size() && !blank(in[pos])) s += in[pos++];
  return s;
}
// parseInt reads an integer as %d does. Beyond 10^15 (more commands than an input can
// hold, a column no tower has) or not a number, it gives -1: outside every tower.
static long long parseInt(const std::string& s) {
  size_t i = 0;
  bool neg = false;
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) neg = s[i++] == '-';
  if (i == s.size()) return -1;
  long long v = 0;
  for (; i < s.size(); i++) {
    if (s[i] < '0' || s[i] > '9') return -1;
    v = v * 10 + (s[i] - '0');
    if (v > 1000000000000000LL) return -1;
  }
  return neg ? -v : v;
}

static bool inside(int c) { return c >= 1 && c <= m; }
static char at(int l, int c) { return l >= 1 && l <= n && inside(c) ? g[l][c] : '.'; }
static bool block(int l, int c) { return at(l, c) != '.'; }

// slide moves the block at (l, c), just pushed one cell in direction d, on while it may.
static void slide(int l, int c, int d) {
  for (;;) {
    char b = g[l][c];
    char under = l > 1 ? g[l - 1][c] : 0;  // 0: the floor
    bool carried = under == 'I' || (b == 'I' && under != '.');
    if (!carried || block(l, c + d)) return;
    set(l, c, '.');
    c += d;
    if (!inside(c)) return;  // it left the tower
    set(l, c, b);
  }
}

static bool push(int d) {
  int end = pc + d;  // just past the chain
  while (block(pl, end)) {
    if (g[pl][end] == 'C') return false;
    end += d;
  }
  if (end == pc + d) return false;
  for (int c = end - d; c != pc; c -= d) {  // the farthest block first, each to its rest
    char b = g[pl][c];
    set(pl, c, '.');
    if (inside(c + d)) set(pl, c + d, b), slide(pl, c + d, d);
  }
  return true;
}

// act carries out a valid command and returns true; an invalid one changes nothing.
static bool act(const std::string& cmd, const std::string& arg) {
  int d = arg == "LEFT" ? -1 : 1;
  if (cmd == "MOVETO") {
    long long s = parseInt(arg);
    if (!inside(int(s)) || s == pc || block(pl, int(s))) return false;
    if (pl > 1)
      for (int c = std::min<int>(pc, int(s)); c <= std::max<int>(pc, int(s)); c++)
        if (!block(pl - 1, c)) return false;
    pc = int(s);
    return true;
  }
  if (cmd == "CLIMB") {
    if (pl >= n || !block(pl, pc + d) || block(pl + 1, pc) || block(pl + 1, pc + d)) return false;
    pl++, pc += d;
    return true;
  }
  if (cmd == "GETDOWN") {
    if (pl < 2 || !inside(pc + d) || block(pl, pc + d) || block(pl - 1, pc + d)) return false;
    pl--, pc += d;
    return true;
  }
  if (cmd == "PULL") {  // PULL RIGHT pulls the block on the left
    char b = at(pl, pc - d);
    if (b == '.' || b == 'C' || !inside(pc + d) || block(pl, pc + d)) return false;
    set(pl, pc - d, '.'), set(pl, pc, b), pc += d;
    return true;
  }
  return push(d);  // the player stays where he is
}

// settle runs the automatic rounds until one changes nothing.
static void settle() {
  for (bool changed = true; changed;) {
    changed = false;
    uint64_t gone[52];  // blocks on a B: all found first, then removed together
    for (int l = 2; l <= n; l++) gone[l] = occ[l] & dim[l - 1];
    for (int l = 2; l <= n; l++)
      for (uint64_t v = gone[l]; v; v &= v - 1) set(l, __builtin_ctzll(v), '.'), changed = true;
    while (pl > 1 && g[pl - 1][pc] == '.') pl--, changed = true;
    // Blocks fall from the lowest level up, left to right; each block falls all the way
    // before the next is looked at, and the next sees it where it now is.
    for (int l = 2; l <= n; l++)
      for (int c = 0;;) {
        uint64_t loose = occ[l] & ~below3(l - 1) & ~((uint64_t(2) << c) - 1);
        if (!loose) break;
        c = __builtin_ctzll(loose);
        uint64_t bit = uint64_t(1) << c;
        int k = l - 1;
        while (k > 1 && !(below3(k - 1) & bit)) k--;
        char b = g[l][c];
        set(l, c, '.'), set(k, c, b), changed = true;
      }
  }
}

static int check() {
  char under = pl > 1 ? g[pl - 1][pc] : 0;
  if (under == 'G') return CLEARED;
  if (under == 'B') return HOLE;
  if (g[pl][pc] != '.') return BLOCK;
  if (g[gl][gc] != 'G') return WALKING_GOAL;
  return RUNNING;
}

int main() {
  char buf[1 << 16];
  size_t got;
  while ((got = fread(buf, 1, sizeof buf, stdin)) > 0) in.insert(in.end(), buf, buf + got);
  std::string outText;
  for (;;) {
    n = int(parseInt(readWord())), m = int(parseInt(readWord()));
    if (n <= 0) break;
    memset(g, '.', sizeof g), memset(occ, 0, sizeof occ), memset(dim, 0, sizeof dim);
    for (int l = n; l >= 1; l--)  // the top level first; a row is the next m non-blank characters
      for (int c = 1; c <= m; c++) {
        char ch = readChar();
        if (ch == 'S') pl = l, pc = c, ch = '.';
        if (ch == 'G') gl = l, gc = c;
        set(l, c, ch);
      }
    int state = check();  // on the layout as given: no automatic step before the first command
    bool settled = false;
    long long t = parseInt(readWord());
    for (long long i = 0; i < t; i++) {
      std::string cmd = readWord(), arg = readWord();
      if (state != RUNNING) continue;
      int ol = pl, oc = pc;
      bool valid = act(cmd, arg);
      if ((ol != pl || oc != pc) && ol > 1) {  // leaving a fragile block by a command counts it down
        char f = g[ol - 1][oc];
        if (f == '1') set(ol - 1, oc, '.');
        else if (f == '2' || f == '3') set(ol - 1, oc, char(f - 1));
      }
      if ((state = check()) != RUNNING) continue;
      // After the first settle the field is at rest, and an ignored command leaves it so.
      if (valid || !settled) settle(), settled = true;
      state = check();
    }
    if (state == RUNNING) state = GAVE_UP;
    outText += "Game Over : ";
    outText += result[state];
    outText += '\n';
  }
  fwrite(outText.data(), 1, outText.size(), stdout);
}

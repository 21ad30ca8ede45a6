// A contestant-style solution of boom (seed 003), the minesweeper interactor with
// left, right and middle clicks, for the README's "Hunt your own solution" example:
//   g++ -O2 -o /tmp/boom examples/boom/solution.cpp
//   go build -o gamediff ./cmd/diff && ./gamediff hunt -game boom -cmd /tmp/boom
// It assumes valid input, as a contestant may.
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <vector>

static const int MAXN = 200, W = MAXN + 2;  // a frame of opened cells around the board

static int n, m, k, unopened;
static bool mine[W * W], opened[W * W];
static char view[W * W];  // the player map: '_', 'P', '?', or the digit of an opened cell
static int num[W * W];
static std::vector<int> changed, stack_;
static const int d[8] = {-W - 1, -W, -W + 1, -1, 1, W - 1, W, W + 1};

// Input: the whole of stdin, read as scanf would read words and integers.
static std::vector<char> in;
static size_t pos = 0;

static bool blank(char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }
static void skip() { while (pos < in.size() && blank(in[pos])) pos++; }
static int readInt() {
  skip();
  bool neg = false;
  if (pos < in.size() && (in[pos] == '-' || in[pos] == '+')) neg = in[pos++] == '-';
  int v = 0;
  while (pos < in.size() && in[pos] >= '0' && in[pos] <= '9') v = v * 10 + (in[pos++] - '0');
  return neg ? -v : v;
}
static const char* readWord() {  // the word's first character; the word ends at a blank
  skip();
  const char* s = in.data() + pos;
  while (pos < in.size() && !blank(in[pos])) pos++;
  return s;
}

static std::vector<char> out;
static void put(const char* s) { out.insert(out.end(), s, s + strlen(s)); }
static void putInt(int v) {
  char b[12];
  int len = 0;
  do b[len++] = char('0' + v % 10), v /= 10; while (v);
  while (len) out.push_back(b[--len]);
}

static void mark(int p) {
  opened[p] = true, view[p] = char('0' + num[p]), unopened--;
  changed.push_back(p);
}

// open opens p, unopened and safe, and cascades from every 0 it reaches; '?' is opened, 'P' not.
static void open(int p) {
  mark(p);
  stack_.assign(1, p);
  while (!stack_.empty()) {
    int q = stack_.back();
    stack_.pop_back();
    if (num[q]) continue;
    for (int i = 0; i < 8; i++) {
      int r = q + d[i];
      if (!opened[r] && view[r] != 'P') mark(r), stack_.push_back(r);
    }
  }
}

// click plays one valid operation; it returns false when the game is lost.
static bool click(int op, int p) {
  if (op == 1) {
    if (opened[p] || view[p] == 'P') return true;
    if (mine[p]) return false;
    open(p);
  } else if (op == 2) {
    if (opened[p]) return true;
    view[p] = view[p] == '_' ? 'P' : view[p] == 'P' ? '?' : '_';
    changed.push_back(p);
  } else {
    if (!opened[p]) return true;
    int flags = 0;
    for (int i = 0; i < 8; i++) flags += view[p + d[i]] == 'P';
    if (flags != num[p]) return true;
    for (int i = 0; i < 8; i++) {
      int q = p + d[i];
      if (!opened[q] && view[q] != 'P' && mine[q]) return false;
    }
    // A target already opened by an earlier target's cascade is skipped: it changes nothing.
    for (int i = 0; i < 8; i++) {
      int q = p + d[i];
      if (!opened[q] && view[q] != 'P') open(q);
    }
  }
  return true;
}

static void report() {
  std::sort(changed.begin(), changed.end());
  put("RUNNING: [");
  for (size_t i = 0; i < changed.size(); i++) {
    int p = changed[i];
    if (i) put(", ");
    out.push_back('<'), putInt(p / W), put(", "), putInt(p % W), put(", ");
    out.push_back(view[p]), out.push_back('>');
  }
  put("]\n");
}

static void game() {
  n = readInt(), m = readInt();
  // Nothing carries over from the previous game: the frame and the board are reset whole.
  for (int x = 0; x <= n + 1; x++)
    for (int y = 0; y <= m + 1; y++) {
      int p = x * W + y;
      bool frame = x == 0 || x == n + 1 || y == 0 || y == m + 1;
      mine[p] = false, opened[p] = frame, view[p] = '_', num[p] = 0;
    }
  k = 0;
  for (int x = 1; x <= n; x++) {
    const char* row = readWord();
    for (int y = 1; y <= m; y++)
      if (row[y - 1] == '*') mine[x * W + y] = true, k++;
  }
  for (int x = 1; x <= n; x++)
    for (int y = 1; y <= m; y++)
      for (int i = 0; i < 8; i++) num[x * W + y] += mine[x * W + y + d[i]];
  unopened = n * m;
  bool over = false;
  for (;;) {
    int op = readInt();
    if (op == 0) break;
    int x = readInt(), y = readInt();
    if (over) { put("INVALID\n"); continue; }
    changed.clear();
    if (!click(op, x * W + y)) { put("LOSE\n"); over = true; continue; }
    report();
    if (unopened == k) put("WIN\n"), over = true;
  }
  if (!over) put("QUIT\n");
}

int main() {
  char buf[1 << 16];
  size_t got;
  while ((got = fread(buf, 1, sizeof buf, stdin)) > 0) in.insert(in.end(), buf, buf + got);
  out.reserve(1 << 22);
  int t = readInt();
  for (int g = 0; g < t; g++) {
    if (g) put("==========\n");
    game();
  }
  fwrite(out.data(), 1, out.size(), stdout);
}

// A contestant-style solution of mine (seeds 000/002), used by the README's
// "Hunt your own solution" example:
//   g++ -O2 -o /tmp/mine examples/mine/solution.cpp
//   go build -o gamediff ./cmd/diff && ./gamediff hunt -game mine -cmd /tmp/mine
// It assumes valid input, as a contestant may.
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <vector>

static int n, m, W;
static std::vector<unsigned char> mine, swept, flagged, num;
static std::vector<int> opened, queue_;
static int safeLeft = 0;

static void reveal(int p) {  // p is safe and not swept
  swept[p] = 1, flagged[p] = 0, safeLeft--, opened.push_back(p);
  if (num[p]) return;
  queue_.assign(1, p);
  const int d[8] = {-W - 1, -W, -W + 1, -1, 1, W - 1, W, W + 1};
  for (size_t i = 0; i < queue_.size(); i++)
    for (int k = 0; k < 8; k++) {
      int q = queue_[i] + d[k];
      if (swept[q]) continue;
      swept[q] = 1, flagged[q] = 0, safeLeft--, opened.push_back(q);
      if (!num[q]) queue_.push_back(q);
    }
}

int main() {
  if (scanf("%d %d", &n, &m) != 2) return 0;
  W = m + 2;
  int size = (n + 2) * W;
  mine.assign(size, 0), swept.assign(size, 0), flagged.assign(size, 0), num.assign(size, 0);
  for (int i = 0; i < size; i++)
    if (i / W == 0 || i / W == n + 1 || i % W == 0 || i % W == m + 1) swept[i] = 1;  // frame
  static char row[1024];
  for (int x = 1; x <= n; x++) {
    scanf("%s", row);
    for (int y = 1; y <= m; y++) {
      mine[x * W + y] = row[y - 1] == '*';
      if (!mine[x * W + y]) safeLeft++;
    }
  }
  const int d[8] = {-W - 1, -W, -W + 1, -1, 1, W - 1, W, W + 1};
  for (int x = 1; x <= n; x++)
    for (int y = 1; y <= m; y++)
      for (int k = 0; k < 8; k++) num[x * W + y] += mine[x * W + y + d[k]];

  std::vector<char> out;
  out.reserve(1 << 20);
  auto put = [&](const char* s) { out.insert(out.end(), s, s + strlen(s)); };
  auto putInt = [&](int v) {
    char b[12];
    int k = 0;
    do b[k++] = '0' + v % 10, v /= 10; while (v);
    while (k) out.push_back(b[--k]);
  };
  auto feedback = [&]() {
    if (opened.empty()) { put("no cell detected\n"); return; }
    std::sort(opened.begin(), opened.end());
    putInt(opened.size()), put(" cell(s) detected\n");
    for (int p : opened) putInt(p / W), out.push_back(' '), putInt(p % W), out.push_back(' '), putInt(num[p]), out.push_back('\n');
  };
  int steps = 0;
  char op[16];
  int x, y;
  const char* end = nullptr;
  while (scanf("%15s", op) == 1) {
    if (!strcmp(op, "Quit")) { end = "give up\n"; break; }
    scanf("%d %d", &x, &y);
    steps++;
    int p = x * W + y;
    opened.clear();
    if (!strcmp(op, "Flag")) {
      if (swept[p]) put("swept\n");
      else put((flagged[p] ^= 1) ? "success\n" : "cancelled\n");
      continue;
    }
    if (!strcmp(op, "Sweep")) {
      if (swept[p]) put("swept\n");
      else if (flagged[p]) put("flagged\n");
      else if (mine[p]) { put("boom\n"); end = "game over\n"; break; }
      else reveal(p), feedback();
    } else {  // DSweep
      int flags = 0;
      bool boom = false;
      for (int k = 0; k < 8; k++) flags += flagged[p + d[k]];
      if (!swept[p]) put("not swept\n");
      else if (!num[p] || flags != num[p]) put("failed\n");
      else {
        for (int k = 0; k < 8; k++)
          if (!swept[p + d[k]] && !flagged[p + d[k]] && mine[p + d[k]]) boom = true;
        if (boom) { put("boom\n"); end = "game over\n"; break; }
        for (int k = 0; k < 8; k++)
          if (!swept[p + d[k]] && !flagged[p + d[k]]) reveal(p + d[k]);
        feedback();
      }
    }
    if (!safeLeft) { end = "finish\n"; break; }
  }
  if (end) put(end), put("total step "), putInt(steps), out.push_back('\n');
  fwrite(out.data(), 1, out.size(), stdout);
}

package clitest

import (
	"encoding/json"
	"flag"
	"fmt"
	"html"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// keepPages keeps the HTML pages the page tests check, with a screenshot of each, for a
// person to look at: go test ./cmd/diff -run Pages -args -pages DIR (or ./cmd/diff/zoo).
var keepPages = flag.String("pages", "", "keep the HTML reports the tests render in Chromium, and a screenshot of each, in this folder")

// chromiumNames are the names Debian's, Ubuntu's and Google's packages give the browser.
var chromiumNames = []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"}

// chromium is the headless browser the page checks render with. The tests install
// nothing: without one they fail, saying how to get it.
func chromium(t testing.TB) string {
	t.Helper()
	for _, name := range chromiumNames {
		if path, err := exec.LookPath(name); err == nil {
			return path
		}
	}
	t.Fatalf("no headless Chromium (looked for %s on PATH): the HTML reports are checked as a browser renders them; "+
		"on Debian or Ubuntu, as root: apt-get install -y chromium", strings.Join(chromiumNames, ", "))
	return ""
}

// pageCheck is the script the checks add to a copy of a page: it reads the page as laid
// out and writes what it finds into the DOM, which --dump-dom prints.
const pageCheck = `<script>
(function () {
  var problems = [];
  // A layout of dots: lines of the rendered page that are mostly dots (board rows of the
  // input, a dump of a grid).
  var dotty = 0;
  document.body.innerText.split("\n").forEach(function (l) {
    var t = l.replace(/\s/g, "");
    var dots = (t.match(/[.]/g) || []).length;
    if (t.length >= 20 && dots > 0.6 * t.length) dotty++;
  });
  if (dotty > 12) problems.push("a layout of dots: " + dotty + " lines of the page are mostly dots");
  // The legend matches the cells: every glyph a board writes is a key's, and every colour
  // a board fills a cell with is a key's cell's.
  var keys = document.querySelectorAll(".legend .key[data-glyphs]");
  var glyphs = "", fills = {};
  keys.forEach(function (k) {
    glyphs += k.getAttribute("data-glyphs");
    k.querySelectorAll("rect").forEach(function (r) { fills[r.getAttribute("fill")] = true; });
  });
  var boards = Array.prototype.filter.call(document.querySelectorAll("svg"), function (s) {
    return !s.classList.contains("swatch-cell");
  });
  if (boards.length > 0 && keys.length === 0) problems.push("boards without a legend of their cells");
  var differ = 0;
  boards.forEach(function (s, i) {
    var b = s.getBoundingClientRect();
    if (b.width < 20 || b.height < 20) problems.push("board " + (i + 1) + " is not drawn (" + b.width + "x" + b.height + ")");
    // At least 300 px wide where its place on the page has room for it.
    var room = s.parentNode.getBoundingClientRect().width;
    if (b.width + 1 < Math.min(300, room)) problems.push("board " + (i + 1) + " is " + Math.round(b.width) + " px wide, where " + Math.round(room) + " px has room for 300");
    s.querySelectorAll("text.g").forEach(function (t) {
      if (glyphs.indexOf(t.textContent) < 0) problems.push("board " + (i + 1) + " writes " + JSON.stringify(t.textContent) + ", which no key of the legend shows");
    });
    s.querySelectorAll("rect").forEach(function (r) {
      var f = r.getAttribute("fill");
      if (f !== "none" && !fills[f]) problems.push("board " + (i + 1) + " fills a cell with " + f + ", which no key of the legend shows");
    });
    var marked = s.querySelector('rect[stroke="#cf222e"]') !== null;
    if (marked) differ++;
    var cap = s.parentNode.querySelector("figcaption");
    if (cap && cap.textContent.indexOf("disputed cells marked") >= 0 && !marked) problems.push("board " + (i + 1) + " says the disputed cells are marked, and marks none");
  });
  var differKey = document.querySelector(".legend .sw-differ") !== null;
  if (differKey !== (differ > 0)) problems.push("the legend " + (differKey ? "explains" : "does not explain") + " the disputed cells' mark, which " + differ + " board(s) draw");
  // Words that are the harness's, not a report's.
  ["(no output here)", "program program", "fast fast", "picture:", "nothing to explain", "go run ./cmd/diff diff"].forEach(function (w) {
    if (document.body.innerText.indexOf(w) >= 0) problems.push("the page says " + JSON.stringify(w));
  });
  if (document.documentElement.scrollWidth > window.innerWidth + 4) problems.push("the page is wider than the window: " + document.documentElement.scrollWidth + "px");
  // Blocks a reader copies from are read whole: no sideways scrolling, no line cut.
  document.querySelectorAll("pre.reproduce").forEach(function (p) {
    if (p.scrollWidth > p.clientWidth + 1) problems.push("the Reproduce block scrolls sideways: " + p.scrollWidth + " px of text in " + p.clientWidth + " px");
  });
  var out = document.createElement("pre");
  out.id = "page-check";
  out.textContent = JSON.stringify({problems: problems, boards: boards.length, keys: keys.length, height: document.documentElement.scrollHeight});
  document.body.appendChild(out);
})();
</script>
`

// pageReport is what pageCheck finds in a page.
type pageReport struct {
	Problems []string
	Boards   int
	Keys     int
	Height   int
}

var checkedPage = regexp.MustCompile(`(?s)<pre id="page-check">(.*?)</pre>`)

// renderPage renders the page at path in headless Chromium, with pageCheck, and returns
// what the check finds. With -pages it keeps the page and a screenshot of it.
func renderPage(t testing.TB, browser, path string) pageReport {
	t.Helper()
	page, spliced := withCheck(t, path, "")
	dir := t.TempDir()
	checked := filepath.Join(dir, "checked.html")
	if err := os.WriteFile(checked, spliced, 0o644); err != nil {
		t.Fatal(err)
	}
	out := runChromium(t, browser, dir, "--dump-dom", checked)
	m := checkedPage.FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("%s: Chromium printed no check of the page:\n%.2000s", path, out)
	}
	var r pageReport
	if err := json.Unmarshal([]byte(html.UnescapeString(m[1])), &r); err != nil {
		t.Fatalf("%s: the check's result: %v: %s", path, err, m[1])
	}
	if *keepPages != "" {
		if err := os.MkdirAll(*keepPages, 0o755); err != nil {
			t.Fatal(err)
		}
		kept := filepath.Join(*keepPages, filepath.Base(filepath.Dir(path))+"-"+filepath.Base(path))
		if err := os.WriteFile(kept, page, 0o644); err != nil {
			t.Fatal(err)
		}
		shot := strings.TrimSuffix(kept, ".html") + ".png"
		runChromium(t, browser, dir, "--screenshot="+shot, "--window-size=1280,"+fmt.Sprint(min(max(r.Height, 600), 8000)), kept)
	}
	return r
}

// withCheck reads the page at path and returns it, and a copy with pageCheck, then after,
// spliced in before its </body>.
func withCheck(t testing.TB, path, after string) (page, checked []byte) {
	t.Helper()
	page, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	end := strings.LastIndex(string(page), "</body>")
	if end < 0 {
		t.Fatalf("%s: no </body>", path)
	}
	return page, []byte(string(page[:end]) + pageCheck + after + string(page[end:]))
}

// runChromium runs the headless browser once, with a profile of its own in dir, and
// returns its stdout.
func runChromium(t testing.TB, browser, dir string, args ...string) string {
	t.Helper()
	profile := filepath.Join(dir, fmt.Sprintf("profile-%d", time.Now().UnixNano()))
	cmd := exec.Command(browser, append([]string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync", "--hide-scrollbars",
		"--window-size=1280,900", "--user-data-dir=" + profile}, args...)...)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	done := make(chan struct{})
	timer := time.AfterFunc(2*time.Minute, func() {
		if cmd.Process != nil {
			cmd.Process.Kill()
		}
		close(done)
	})
	out, err := cmd.Output()
	if !timer.Stop() {
		<-done
		t.Fatalf("Chromium did not finish within 2 minutes on %v", args)
	}
	if err != nil {
		t.Fatalf("Chromium %v: %v\n%.2000s", args, err, stderr.String())
	}
	return string(out)
}

// renderTogether renders the pages in one headless Chromium, each in a frame of the window's
// size (1280x900, as renderPage's window) of one host page, with pageCheck, and returns what
// the check finds in each, by path. A browser start costs more than most pages' layout: one
// for all of them, not one a page. A page whose check does not come back is missing from
// the result; the caller renders it alone.
func renderTogether(t testing.TB, browser string, paths []string) map[string]pageReport {
	t.Helper()
	dir := t.TempDir()
	var host strings.Builder
	host.WriteString(`<!doctype html><html><body style="margin:0"><script>
window.addEventListener("message", function (e) {
  var pre = document.createElement("pre");
  pre.id = "page-check-" + e.data.page;
  pre.textContent = e.data.report;
  document.body.appendChild(pre);
});
</script>
`)
	for i, path := range paths {
		// The check writes its finding into the page; the frame hands it to the host.
		post := fmt.Sprintf(`<script>parent.postMessage({page: %d, report: document.getElementById("page-check").textContent}, "*");</script>`, i)
		_, checked := withCheck(t, path, post)
		name := fmt.Sprintf("checked-%d.html", i)
		if err := os.WriteFile(filepath.Join(dir, name), checked, 0o644); err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&host, "<iframe src=%q style=\"display:block;border:0;width:1280px;height:900px\"></iframe>\n", name)
	}
	host.WriteString("</body></html>\n")
	hostPath := filepath.Join(dir, "host.html")
	if err := os.WriteFile(hostPath, []byte(host.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	// The virtual time budget lets the frames' messages reach the host before the DOM is
	// dumped; the pages hold no timer, so it ends as soon as they are idle.
	out := runChromium(t, browser, dir, "--virtual-time-budget=30000", "--dump-dom", hostPath)
	reports := map[string]pageReport{}
	for _, m := range hostChecks.FindAllStringSubmatch(out, -1) {
		i, err := strconv.Atoi(m[1])
		if err != nil || i < 0 || i >= len(paths) {
			continue
		}
		var r pageReport
		if err := json.Unmarshal([]byte(html.UnescapeString(m[2])), &r); err != nil {
			t.Fatalf("%s: the check's result: %v: %s", paths[i], err, m[2])
		}
		reports[paths[i]] = r
	}
	return reports
}

var hostChecks = regexp.MustCompile(`(?s)<pre id="page-check-([0-9]+)">(.*?)</pre>`)

// CheckPages renders every HTML page under dir in headless Chromium and fails for each
// problem the check finds (a layout of dots, a legend that does not match the cells, the
// harness's own words); want is how many pages there must be at least.
func CheckPages(t *testing.T, dir string, want int) {
	t.Helper()
	browser := chromium(t)
	var pages []string
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".html") {
			pages = append(pages, path)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(pages) < want {
		t.Fatalf("%d HTML reports under %s, want %d at least", len(pages), dir, want)
	}
	// Rendered together, unless they are to be kept with a screenshot each (-pages); a page
	// whose check did not come back from the host is rendered alone.
	together := map[string]pageReport{}
	if *keepPages == "" {
		together = renderTogether(t, browser, pages)
	}
	t.Run("chromium", func(t *testing.T) {
		for _, p := range pages {
			name, _ := filepath.Rel(dir, p)
			t.Run(strings.TrimSuffix(name, ".html"), func(t *testing.T) {
				r, ok := together[p]
				if !ok {
					t.Parallel()
					r = renderPage(t, browser, p)
				}
				t.Logf("%d board(s), %d key(s), %d px high", r.Boards, r.Keys, r.Height)
				for _, problem := range r.Problems {
					t.Error(problem)
				}
			})
		}
	})
}

package report

import (
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"gamediff/coverage"
	"gamediff/outcome"
)

// HuntSummary writes the summary lines of a hunt of one game: its cases and findings, where
// a program's CPU time went (program: a program was hunted), the rulings it left out (of
// datasets, the game's word for them), the runs made again, the divergences dismissed and
// those not reported, and what its cases reached of the game's catalogue of situations.
func HuntSummary(w io.Writer, sum outcome.Summary, program bool, datasets string, catalogue []coverage.Situation) {
	shard := ""
	if sum.Shard != "" {
		shard = ", shard " + sum.Shard
	}
	interrupted := ""
	if sum.Interrupted {
		interrupted = " (interrupted)"
	}
	fmt.Fprintf(w, "%s: %s in %.1fs (%.0f/s)%s, %s, %s, minimizing %.1fs, seed %d%s\n",
		sum.Game, Plural(sum.Cases, "case"), sum.HuntSeconds, sum.CasesPerSec, interrupted,
		Plural(int64(sum.Divergences), "divergence"), Plural(int64(len(sum.Findings)), "finding"),
		sum.MinimizeSecs, sum.Seed, shard)
	if program {
		if sum.Sandbox != "" {
			fmt.Fprintf(w, "%s: programs ran contained by: %s\n", sum.Game, sum.Sandbox)
		}
		u := sum.CPU
		total := u.Program + u.Fast + u.Ref + u.Workers + u.Lanes + u.Hunt
		if total > 0 {
			pct := func(v float64) float64 { return 100 * v / total }
			fmt.Fprintf(w, "%s: expected answers from %s; CPU %.1fs, %s: program %.0f%%, fast %.0f%%, ref %.0f%%, workers %.0f%%, generating %.0f%%, coordinating %.0f%%\n",
				sum.Game, sum.Oracle, total, Plural(u.ProgramRuns, "run")+" of the program", pct(u.Program), pct(u.Fast), pct(u.Ref), pct(u.Workers), pct(u.Lanes), pct(u.Hunt))
		}
	}
	if c := sum.Coverage; c != nil {
		coverageLines(w, sum.Game, c, catalogue)
	}
	if len(sum.Skipped) > 0 {
		units := "games"
		if datasets != "" {
			units = datasets
		}
		var left []string
		for _, id := range slices.Sorted(maps.Keys(sum.Skipped)) {
			left = append(left, fmt.Sprintf("%s (%d %s changed or drawn again)", id, sum.Skipped[id], units))
		}
		fmt.Fprintf(w, "%s: left out (-skip-rule): %s\n", sum.Game, strings.Join(left, ", "))
	}
	if sum.Rerun > 0 {
		fmt.Fprintf(w, "%s: %s disturbed from outside (a worker killed or stopped, a starved run) and made again\n", sum.Game, Plural(int64(sum.Rerun), "run"))
	}
	for _, d := range sum.Dismissed {
		kept := ""
		if d.Path != "" {
			kept = " (input kept in " + d.Path + ")"
		}
		fmt.Fprintf(w, "%s: not confirmed, not reported: case %d: %s: %s%s\n", sum.Game, d.Index, d.Signature, d.Why, kept)
	}
	// A packed case is several generated cases in one input: -case rebuilds one of them,
	// which need not diverge alone (a time-out of the whole input), so it is not offered.
	var single, packed []outcome.Unreported
	for _, u := range sum.Unreported {
		if u.Packed {
			packed = append(packed, u)
		} else {
			single = append(single, u)
		}
	}
	unreportedLines(w, sum.Game, "rerun one with -case, or raise -max-findings", single)
	unreportedLines(w, sum.Game, "packed inputs of several generated cases, which -case does not rebuild: raise -max-findings to have them reported and saved", packed)
}

// unreportedLines lists divergent cases not reported, the first 20 of them, with how to
// get them reported.
func unreportedLines(w io.Writer, game, how string, us []outcome.Unreported) {
	if len(us) == 0 {
		return
	}
	var b strings.Builder
	for i, u := range us {
		if i == 20 {
			fmt.Fprintf(&b, " … (%d more in -json)", len(us)-20)
			break
		}
		fmt.Fprintf(&b, "\n    case %d: %s", u.Index, u.Signature)
	}
	fmt.Fprintf(w, "%s: also divergent, not reported (%s):%s\n", game, how, b.String())
}

// maxNeverShown bounds the situations never reached that the terminal names; -json has
// them all.
const maxNeverShown = 12

// coverageLines says what a hunt's cases reached of the catalogue, and names, with what
// each asks of a case, the situations they never reached: a thorough clean hunt and a
// lucky one read differently.
func coverageLines(w io.Writer, game string, c *outcome.Coverage, catalogue []coverage.Situation) {
	how := []string{}
	if c.Opening > 0 {
		how = append(how, Plural(int64(c.Opening), "opening case")+" (the default set's tests)")
	}
	if c.Steered > 0 {
		how = append(how, Plural(c.Steered, "case")+" steered toward what was not reached yet")
	}
	tail := ""
	if len(how) > 0 {
		tail = "; " + strings.Join(how, ", ")
	}
	fmt.Fprintf(w, "%s: reached %d of the %d situations of its catalogue (%s)%s\n", game, c.Reached, c.Situations, percent(c.Reached, c.Situations), tail)
	if len(c.Never) == 0 {
		return
	}
	what := map[string]string{}
	for _, s := range catalogue {
		what[s.ID] = s.What
	}
	fmt.Fprintf(w, "%s: never reached:\n", game)
	for i, id := range c.Never {
		if i == maxNeverShown {
			fmt.Fprintf(w, "    … and %d more (-json lists them)\n", len(c.Never)-maxNeverShown)
			break
		}
		if what[id] != "" {
			fmt.Fprintf(w, "    %s: %s\n", id, what[id])
		} else {
			fmt.Fprintf(w, "    %s\n", id)
		}
	}
}

// percent is part of whole as a whole percentage, rounded down, so that 99.6 % of a
// catalogue is never shown as all of it.
func percent(part, whole int) string {
	if whole == 0 {
		return "0%"
	}
	return fmt.Sprintf("%d%%", 100*part/whole)
}

// JSON prints one JSON object: the game's summary, or for several games their
// totals with the summaries under "games".
func JSON(w io.Writer, sums []outcome.Summary) {
	enc := json.NewEncoder(w)
	if len(sums) == 1 {
		enc.Encode(sums[0])
		return
	}
	total := struct {
		outcome.Summary
		Games []outcome.Summary `json:"games"`
	}{Games: sums}
	total.Game = "all"
	total.Findings = []outcome.Finding{}
	total.Unreported = []outcome.Unreported{}
	for _, s := range sums {
		total.Seed = s.Seed
		total.Cases += s.Cases
		total.Divergences += s.Divergences
		total.Seconds += s.Seconds
		total.HuntSeconds += s.HuntSeconds
		total.MinimizeSecs += s.MinimizeSecs
		total.Interrupted = total.Interrupted || s.Interrupted
		total.Findings = append(total.Findings, s.Findings...)
		total.Unreported = append(total.Unreported, s.Unreported...)
	}
	if total.HuntSeconds > 0 {
		total.CasesPerSec = float64(total.Cases) / total.HuntSeconds
	}
	enc.Encode(total)
}

package ruling_test

import (
	"bytes"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"testing"

	"gamediff/coverage"
	"gamediff/engine"
	gamediffgames "gamediff/games"
	"gamediff/gen"
	"gamediff/ref"
	"gamediff/ruling"
	"gamediff/testcase"
)

// towerSit is a hand-made dataset of tower and the situations it reaches, worked out from
// docs/tower.md: rows top level first, separated by '/', then its commands. A mirrored
// case is also played left for right (rows reversed, RIGHT and LEFT swapped, MOVETO's
// column mirrored), reaching the same situations with "right" and "left" swapped.
type towerSit struct {
	name   string
	rows   string
	cmds   []string
	want   []string
	not    []string
	mirror bool
}

// input is the dataset as the validator wants it, then "0 0".
func (c towerSit) input() string {
	return towerDatasetText(strings.Split(c.rows, "/"), c.cmds) + "0 0\n"
}

func towerDatasetText(rows, cmds []string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d %d\n", len(rows), len(rows[0]))
	for _, row := range rows {
		b.WriteString(row + "\n")
	}
	fmt.Fprintf(&b, "%d\n", len(cmds))
	for _, c := range cmds {
		b.WriteString(c + "\n")
	}
	return b.String()
}

// mirrored is the case played left for right.
func (c towerSit) mirrored() towerSit {
	rows := strings.Split(c.rows, "/")
	m := len(rows[0])
	for i, row := range rows {
		r := []byte(row)
		slices.Reverse(r)
		rows[i] = string(r)
	}
	swap := strings.NewReplacer("RIGHT", "LEFT", "LEFT", "RIGHT", "right", "left", "left", "right",
		"column-m", "column-1", "column-1", "column-m")
	cmds := make([]string, len(c.cmds))
	for i, cmd := range c.cmds {
		if col, ok := strings.CutPrefix(cmd, "MOVETO "); ok {
			if s, _ := strconv.Atoi(col); s >= 0 && s <= m+1 {
				cmd = "MOVETO " + strconv.Itoa(m+1-s)
			}
		}
		cmds[i] = swap.Replace(cmd)
	}
	swapIDs := func(ids []string) (out []string) {
		for _, id := range ids {
			out = append(out, swap.Replace(id))
		}
		return out
	}
	return towerSit{c.name + " (mirrored)", strings.Join(rows, "/"), cmds, swapIDs(c.want), swapIDs(c.not), false}
}

// towerCmds and towerIDs list a case's commands and situations.
func towerCmds(c ...string) []string { return c }
func towerIDs(id ...string) []string { return id }

// towerSits are the hand-made cases of tower's catalogue. Levels below are numbered from
// 1 at the bottom, columns from 1 at the left, cells written (level, column).
var towerSits = []towerSit{
	// R-T6 MOVETO. The player stands on level 2, column 1, on a '#'.
	{name: "MOVETO m + 1 and 0: outside, invalid", rows: ".../S.G/###", cmds: towerCmds("MOVETO 4", "MOVETO 0"),
		want: towerIDs("moveto-outside", "moveto-column-just-outside", "result-gave-up", "tower-3x3", "tower-height-3", "tower-width-3", "player-in-column-1"),
		not:  towerIDs("moveto-own-column", "moveto-supported", "commands-after-end", "player-on-level-1")},
	{name: "MOVETO at the int32 limits", rows: ".../S.G/###", cmds: towerCmds("MOVETO 2147483647", "MOVETO -2147483648"),
		want: towerIDs("moveto-outside", "moveto-column-int32-limit"), not: towerIDs("moveto-column-just-outside")},
	{name: "MOVETO his own column", rows: ".../S.G/###", cmds: towerCmds("MOVETO 1"), want: towerIDs("moveto-own-column"), not: towerIDs("moveto-outside")},
	{name: "MOVETO onto a block on his level, the way below all '#'", rows: ".../S#G/###", cmds: towerCmds("MOVETO 2"),
		want: towerIDs("moveto-target-occupied"), not: towerIDs("moveto-no-support", "moveto-supported")},
	{name: "MOVETO over a gap below: (1,2) is empty", rows: ".../S.G/#.#", cmds: towerCmds("MOVETO 2"),
		want: towerIDs("moveto-no-support"), not: towerIDs("moveto-while-floating", "moveto-target-occupied", "automatic-after-invalid-command")},
	// He floats at (3,1) with (2,1) empty: the MOVETO is invalid, then he falls onto the
	// '#' at (1,1).
	{name: "MOVETO while he floats at the start", rows: "S../.../#.G", cmds: towerCmds("MOVETO 2"),
		want: towerIDs("moveto-no-support", "moveto-while-floating", "start-unstable", "automatic-after-invalid-command", "player-falls", "player-on-top-level", "result-gave-up"),
		not:  towerIDs("player-falls-several-levels", "automatic-several-rounds", "player-on-level-1")},
	{name: "MOVETO on level 1", rows: ".../.../S.G", cmds: towerCmds("MOVETO 2"),
		want: towerIDs("moveto-level-1", "player-on-level-1", "result-gave-up"), not: towerIDs("moveto-supported", "moveto-past-block")},
	{name: "MOVETO above level 1 over '#'", rows: ".../S.G/###", cmds: towerCmds("MOVETO 2"),
		want: towerIDs("moveto-supported"), not: towerIDs("moveto-level-1", "moveto-over-other-kinds", "moveto-over-b", "moveto-past-block", "fragile-countdown-on-moveto")},
	{name: "MOVETO to column 1", rows: "..../.S.G/####", cmds: towerCmds("MOVETO 1"), mirror: true,
		want: towerIDs("moveto-to-column-1", "moveto-supported", "player-in-column-1"), not: towerIDs("moveto-to-column-m", "moveto-level-1")},
	{name: "MOVETO past the '#' at (2,2) on his own level", rows: "..../S#../###G", cmds: towerCmds("MOVETO 3"),
		want: towerIDs("moveto-supported", "moveto-past-block"), not: towerIDs("moveto-target-occupied")},
	{name: "MOVETO over C, I and a fragile 1", rows: "..../S.../#CI1/###G", cmds: towerCmds("MOVETO 4"),
		want: towerIDs("moveto-supported", "moveto-over-other-kinds", "player-in-column-m"), not: towerIDs("moveto-over-b", "fragile-countdown-on-moveto")},
	{name: "MOVETO over the B at (1,2) to the '#' at (1,3)", rows: "..../S.../#B#G", cmds: towerCmds("MOVETO 3"),
		want: towerIDs("moveto-over-b", "result-gave-up"), not: towerIDs("moveto-onto-b", "result-death-by-hole", "moveto-over-other-kinds")},
	{name: "MOVETO to above the B at (1,3): Death by Hole right after it", rows: "..../S.../##BG", cmds: towerCmds("MOVETO 3"),
		want: towerIDs("moveto-onto-b", "result-death-by-hole", "over-after-action"),
		not:  towerIDs("moveto-over-b", "check-before-automatic-steps", "over-after-automatic-steps", "start-on-b")},

	// R-T7 CLIMB. The player stands on a '#' unless the case says otherwise.
	{name: "CLIMB RIGHT on the top level beside a '#'", rows: "S#G/###/###", cmds: towerCmds("CLIMB RIGHT"), mirror: true,
		want: towerIDs("climb-right-top-level", "player-on-top-level"), not: towerIDs("climb-right", "climb-right-side-empty")},
	{name: "CLIMB RIGHT in column m", rows: ".../G.S/###", cmds: towerCmds("CLIMB RIGHT"), mirror: true,
		want: towerIDs("climb-right-side-outside", "player-in-column-m"), not: towerIDs("climb-right-side-empty", "climb-right-top-level")},
	{name: "CLIMB RIGHT with his right empty", rows: ".../S.G/###", cmds: towerCmds("CLIMB RIGHT"), mirror: true,
		want: towerIDs("climb-right-side-empty"), not: towerIDs("climb-right-side-outside", "climb-right")},
	// The '#' at (3,1) rests on the '#' at (2,2), diagonally.
	{name: "CLIMB RIGHT under a block", rows: "#../S#G/###", cmds: towerCmds("CLIMB RIGHT"), mirror: true,
		want: towerIDs("climb-right-above-blocked"), not: towerIDs("climb-right-above-side-blocked", "climb-right", "start-unstable")},
	{name: "CLIMB RIGHT with a block at his upper right", rows: ".#./S#G/###", cmds: towerCmds("CLIMB RIGHT"), mirror: true,
		want: towerIDs("climb-right-above-side-blocked"), not: towerIDs("climb-right-above-blocked", "climb-right")},
	{name: "CLIMB RIGHT blocked above and at the upper right: two conditions fail", rows: "##./S#G/###", cmds: towerCmds("CLIMB RIGHT"), mirror: true,
		not: towerIDs("climb-right-above-blocked", "climb-right-above-side-blocked", "climb-right")},
	{name: "CLIMB RIGHT onto a '#'", rows: ".../S#G/###", cmds: towerCmds("CLIMB RIGHT"), mirror: true,
		want: towerIDs("climb-right", "climb-to-top-level", "player-on-top-level", "result-gave-up"), not: towerIDs("climb-with-nothing-below", "climb-onto-other-kind", "climb-left")},
	{name: "CLIMB RIGHT from level 2 of 4", rows: "..../..../S#../##.G", cmds: towerCmds("CLIMB RIGHT"), mirror: true,
		want: towerIDs("climb-right"), not: towerIDs("climb-to-top-level", "player-on-top-level")},
	// He floats at (3,1); the climb takes him onto the '#' at (3,2).
	{name: "CLIMB RIGHT with nothing under him", rows: "..../S#../.#../.#.G", cmds: towerCmds("CLIMB RIGHT"), mirror: true,
		want: towerIDs("climb-right", "climb-with-nothing-below", "start-unstable"), not: towerIDs("player-falls")},
	{name: "CLIMB RIGHT onto a C", rows: ".../SC./##G", cmds: towerCmds("CLIMB RIGHT"), mirror: true,
		want: towerIDs("climb-right", "climb-onto-other-kind"), not: towerIDs("climb-with-nothing-below")},

	// R-T8 GETDOWN.
	{name: "GETDOWN RIGHT on level 1", rows: ".../.../S.G", cmds: towerCmds("GETDOWN RIGHT"), mirror: true,
		want: towerIDs("getdown-right-level-1"), not: towerIDs("getdown-right", "getdown-right-side-outside")},
	{name: "GETDOWN RIGHT in column m", rows: ".../G.S/###", cmds: towerCmds("GETDOWN RIGHT"), mirror: true,
		want: towerIDs("getdown-right-side-outside"), not: towerIDs("getdown-right-level-1")},
	// The '#' at (2,2) rests on (1,1) and the G at (1,3), diagonally.
	{name: "GETDOWN RIGHT with a block on his right", rows: ".../S#./#.G", cmds: towerCmds("GETDOWN RIGHT"), mirror: true,
		want: towerIDs("getdown-right-side-blocked"), not: towerIDs("getdown-right-below-side-blocked", "getdown-right")},
	{name: "GETDOWN RIGHT with a block at his lower right", rows: ".../S../##G", cmds: towerCmds("GETDOWN RIGHT"), mirror: true,
		want: towerIDs("getdown-right-below-side-blocked"), not: towerIDs("getdown-right-side-blocked", "getdown-right")},
	{name: "GETDOWN RIGHT onto level 1", rows: ".../S../#.G", cmds: towerCmds("GETDOWN RIGHT"), mirror: true,
		want: towerIDs("getdown-right", "getdown-to-level-1", "player-on-level-1"), not: towerIDs("getdown-onto-nothing", "player-falls", "getdown-left")},
	// He lands on (2,2) above the empty (1,2), and falls to level 1.
	{name: "GETDOWN RIGHT onto nothing", rows: "..../S.../#.../#..G", cmds: towerCmds("GETDOWN RIGHT"), mirror: true,
		want: towerIDs("getdown-right", "getdown-onto-nothing", "player-falls"), not: towerIDs("getdown-to-level-1", "player-falls-several-levels")},

	// R-T9 and R-T10 PUSH.
	{name: "PUSH RIGHT with his right empty", rows: ".../S.G/###", cmds: towerCmds("PUSH RIGHT"), mirror: true,
		want: towerIDs("push-right-empty-chain"), not: towerIDs("push-right", "push-right-chain-holds-c")},
	{name: "PUSH RIGHT in column m", rows: ".../G.S/###", cmds: towerCmds("PUSH RIGHT"), mirror: true,
		want: towerIDs("push-right-empty-chain"), not: towerIDs("push-right")},
	{name: "PUSH RIGHT on '#' then C", rows: "..../S#C./###G", cmds: towerCmds("PUSH RIGHT"), mirror: true,
		want: towerIDs("push-right-chain-holds-c"), not: towerIDs("push-right", "push-right-empty-chain")},
	// The '#' moves from (2,2) to (2,3), above a '#': it does not slide.
	{name: "PUSH RIGHT one '#'", rows: "..../S#../###G", cmds: towerCmds("PUSH RIGHT"), mirror: true,
		want: towerIDs("push-right", "result-gave-up"),
		not:  towerIDs("push-chain", "push-right-slides-on-ice", "push-right-off-the-edge", "push-level-1-no-slide", "push-slide-stopped-by-block", "push-left")},
	{name: "PUSH RIGHT a '#' off the tower", rows: ".../.S#/##G", cmds: towerCmds("PUSH RIGHT"), mirror: true,
		want: towerIDs("push-right", "push-right-off-the-edge"), not: towerIDs("push-right-slides-out", "goal-gone")},
	// The ice moves to (1,3), slides to (1,4) on the floor and stops against G.
	{name: "PUSH RIGHT ice along level 1", rows: "...../...../SI..G", cmds: towerCmds("PUSH RIGHT"), mirror: true,
		want: towerIDs("push-right-ice-slides", "push-ice-slides-on-floor", "push-slide-stopped-by-block"), not: towerIDs("push-chain", "push-right-moves-goal", "push-right-slides-out")},
	// The '#' moves to (2,3) over ice, slides to (2,5), above G, and stops there.
	{name: "PUSH RIGHT a '#' on ice", rows: "...../S#.../#IIIG", cmds: towerCmds("PUSH RIGHT"), mirror: true,
		want: towerIDs("push-right-slides-on-ice"), not: towerIDs("push-right-ice-slides", "push-right-slides-out", "push-slide-stopped-by-block")},
	// The ice moves to (2,3), above G, and slides on out of the tower.
	{name: "PUSH RIGHT ice out of the tower", rows: ".../SI./##G", cmds: towerCmds("PUSH RIGHT"), mirror: true,
		want: towerIDs("push-right-slides-out", "push-right-ice-slides"), not: towerIDs("push-right-off-the-edge", "push-ice-slides-on-floor")},
	{name: "PUSH RIGHT moves G: Walking Goal", rows: ".../SG./###", cmds: towerCmds("PUSH RIGHT"), mirror: true,
		want: towerIDs("push-right-moves-goal", "result-death-by-walking-goal", "over-after-action"),
		not:  towerIDs("goal-gone", "check-before-automatic-steps", "result-gave-up")},
	{name: "PUSH RIGHT G off the tower: no G left", rows: ".../.SG/###", cmds: towerCmds("PUSH RIGHT"), mirror: true,
		want: towerIDs("push-right-moves-goal", "push-right-off-the-edge", "goal-gone", "result-death-by-walking-goal")},
	// The far ice moves to (1,4) and stops against G; the near one moves to (1,3) and
	// stops against it.
	{name: "PUSH RIGHT two ice blocks", rows: "...../...../SII.G", cmds: towerCmds("PUSH RIGHT"), mirror: true,
		want: towerIDs("push-chain", "push-right", "push-slide-stopped-by-block"), not: towerIDs("push-right-ice-slides")},
	{name: "PUSH RIGHT a B", rows: "..../SB../###G", cmds: towerCmds("PUSH RIGHT"), mirror: true,
		want: towerIDs("push-moves-b", "push-right"), not: towerIDs("vanish-on-b")},
	// The ice at (3,2), held by the '#' at (2,1), moves to (3,3) over nothing and stops;
	// then it falls to level 1.
	{name: "PUSH RIGHT ice over a gap", rows: "SI.../#..../#...G", cmds: towerCmds("PUSH RIGHT"), mirror: true,
		want: towerIDs("push-ice-stops-over-gap", "block-falls", "block-falls-to-level-1"), not: towerIDs("push-right-ice-slides", "start-unstable")},
	{name: "PUSH RIGHT a '#' on level 1, nothing ahead", rows: "...../...../S#..G", cmds: towerCmds("PUSH RIGHT"), mirror: true,
		want: towerIDs("push-level-1-no-slide", "push-right"), not: towerIDs("push-right-ice-slides", "push-right-slides-on-ice")},

	// R-T11 PULL. PULL RIGHT pulls the block on his left.
	{name: "PULL RIGHT a C", rows: ".../CS./##G", cmds: towerCmds("PULL RIGHT"), mirror: true,
		want: towerIDs("pull-right-block-is-c"), not: towerIDs("pull-right", "pull-right-no-block")},
	{name: "PULL RIGHT with nothing on his left (column 1)", rows: ".../S.G/###", cmds: towerCmds("PULL RIGHT"), mirror: true,
		want: towerIDs("pull-right-no-block"), not: towerIDs("pull-right", "pull-left-no-block")},
	{name: "PULL RIGHT in column m", rows: ".../G#S/###", cmds: towerCmds("PULL RIGHT"), mirror: true,
		want: towerIDs("pull-right-side-outside"), not: towerIDs("pull-right-side-blocked", "pull-right")},
	{name: "PULL RIGHT with a block on his right", rows: ".../#S#/##G", cmds: towerCmds("PULL RIGHT"), mirror: true,
		want: towerIDs("pull-right-side-blocked"), not: towerIDs("pull-right-side-outside", "pull-right")},
	{name: "PULL RIGHT a '#'", rows: "..../#S../###G", cmds: towerCmds("PULL RIGHT"), mirror: true,
		want: towerIDs("pull-right", "result-gave-up"), not: towerIDs("pull-no-slide", "pull-onto-nothing", "pull-right-moves-goal", "pull-left")},
	{name: "PULL RIGHT G: Walking Goal", rows: ".../GS./###", cmds: towerCmds("PULL RIGHT"), mirror: true,
		want: towerIDs("pull-right", "pull-right-moves-goal", "result-death-by-walking-goal"), not: towerIDs("goal-gone")},
	{name: "PULL RIGHT ice onto '#': it does not slide", rows: "..../IS../###G", cmds: towerCmds("PULL RIGHT"), mirror: true,
		want: towerIDs("pull-right", "pull-no-slide"), not: towerIDs("push-right-ice-slides")},
	// He moves to (3,3) above nothing and falls to level 1.
	{name: "PULL RIGHT onto nothing", rows: "#S../##../##.G", cmds: towerCmds("PULL RIGHT"), mirror: true,
		want: towerIDs("pull-right", "pull-onto-nothing", "player-falls", "player-falls-several-levels")},
	// He moves to (2,3) above the B at (1,3), pulling G: (B) and (D) hold.
	{name: "PULL RIGHT G onto a B's top", rows: ".../GS./##B", cmds: towerCmds("PULL RIGHT"), mirror: true,
		want: towerIDs("pull-right-moves-goal", "check-hole-and-walking-goal", "result-death-by-hole", "over-after-action"),
		not:  towerIDs("result-death-by-walking-goal")},

	// R-T12 the fragile countdown.
	{name: "GETDOWN RIGHT off a 3 (the statement's example)", rows: "..../S.../3.../##G#", cmds: towerCmds("GETDOWN RIGHT"),
		want: towerIDs("fragile-3-to-2", "fragile-countdown-on-getdown"), not: towerIDs("fragile-2-to-1", "fragile-kept-on-invalid")},
	{name: "CLIMB RIGHT off a 2", rows: ".../S#G/2##", cmds: towerCmds("CLIMB RIGHT"),
		want: towerIDs("fragile-2-to-1", "fragile-countdown-on-climb"), not: towerIDs("fragile-3-to-2", "fragile-1-vanishes")},
	{name: "MOVETO off a 1", rows: ".../S.G/1##", cmds: towerCmds("MOVETO 2"),
		want: towerIDs("fragile-1-vanishes", "fragile-countdown-on-moveto"), not: towerIDs("fragile-kept-on-invalid")},
	// The '#' pulled to (2,2) stays there, held by (1,1) and (1,3) once the 1 vanishes.
	{name: "PULL RIGHT off a 1", rows: "..../#S../#1#G", cmds: towerCmds("PULL RIGHT"),
		want: towerIDs("fragile-1-vanishes", "fragile-countdown-on-pull"), not: towerIDs("block-falls")},
	{name: "PUSH RIGHT on a 1", rows: "..../S#../1##G", cmds: towerCmds("PUSH RIGHT"),
		want: towerIDs("fragile-kept-on-push", "push-right"), not: towerIDs("fragile-1-vanishes")},
	{name: "CLIMB RIGHT on a 1, refused", rows: ".../S.G/1##", cmds: towerCmds("CLIMB RIGHT"),
		want: towerIDs("fragile-kept-on-invalid"), not: towerIDs("fragile-1-vanishes", "fragile-kept-on-push")},
	// The 1 under him has nothing under it: after his invalid MOVETO it falls to level 1
	// in the first round, and he falls onto it in the second.
	{name: "the 1 under him falls, and he falls", rows: "..../.S../.1../...G", cmds: towerCmds("MOVETO 0"),
		want: towerIDs("fragile-kept-on-fall", "fragile-kept-on-invalid", "automatic-several-rounds", "automatic-after-invalid-command", "start-unstable", "player-falls", "block-falls-to-level-1"),
		not: towerIDs("fragile-1-vanishes", "player-falls-several-levels", "block-falls-several-levels", "block-falls-from-top-level",
			"block-falls-in-column-1", "block-falls-in-column-m")},

	// R-T3 the start.
	{name: "he starts on G, T = 0", rows: ".../S../G##",
		want: towerIDs("start-on-goal", "result-cleared", "commands-zero"), not: towerIDs("result-gave-up", "commands-after-end", "over-after-action")},
	{name: "he starts on G, commands follow", rows: ".../S../G##", cmds: towerCmds("MOVETO 2", "PUSH LEFT"),
		want: towerIDs("start-on-goal", "result-cleared", "commands-after-end"), not: towerIDs("commands-zero", "moveto-supported")},
	{name: "he starts on B", rows: ".../S../B#G", want: towerIDs("start-on-b", "result-death-by-hole", "commands-zero"), not: towerIDs("start-on-goal")},
	{name: "T = 0 on a stable tower", rows: ".../S.G/###", want: towerIDs("commands-zero", "result-gave-up"), not: towerIDs("start-unstable")},

	// R-T13 to R-T16 the automatic steps, after an invalid MOVETO 9.
	{name: "a '#' on a B vanishes", rows: ".../.#./SBG", cmds: towerCmds("MOVETO 9"),
		want: towerIDs("vanish-on-b", "start-unstable", "automatic-after-invalid-command"), not: towerIDs("vanish-stack-on-b", "vanish-goal-on-b", "block-falls", "vanish-on-top-level")},
	// X at (4,2) on B at (3,2) on B at (2,2): X and the upper B vanish in one round.
	{name: "a '#' on a B on a B", rows: ".#./.B./.B./S#G", cmds: towerCmds("MOVETO 9"),
		want: towerIDs("vanish-on-b", "vanish-stack-on-b", "vanish-on-top-level"), not: towerIDs("automatic-several-rounds")},
	{name: "G on a B vanishes: Walking Goal", rows: ".../.G./SB#", cmds: towerCmds("MOVETO 9"),
		want: towerIDs("vanish-goal-on-b", "goal-gone", "result-death-by-walking-goal", "over-after-automatic-steps"), not: towerIDs("over-after-action")},
	{name: "a C on a B vanishes", rows: ".../.C./SBG", cmds: towerCmds("MOVETO 9"), want: towerIDs("vanish-c-on-b", "vanish-on-b"), not: towerIDs("block-falls-c")},
	{name: "he falls three levels", rows: "S../.../.../..G", cmds: towerCmds("MOVETO 9"),
		want: towerIDs("player-falls", "player-falls-several-levels", "player-on-level-1"), not: towerIDs("block-falls")},
	// The '#' at (3,1) falls through (2,1) into his cell at (1,1).
	{name: "a '#' falls into his cell: Death by Block", rows: "#../.../S.G", cmds: towerCmds("MOVETO 9"),
		want: towerIDs("block-falls", "block-falls-to-level-1", "block-falls-into-player", "result-death-by-block", "over-after-automatic-steps",
			"block-falls-several-levels", "block-falls-from-top-level", "block-falls-in-column-1"),
		not: towerIDs("block-falls-through-player", "player-falls-away-from-block", "check-block-and-walking-goal")},
	// The '#' at (4,2) falls to (2,2), held by the '#' at (1,1) beside the empty (1,2).
	{name: "a '#' stops held diagonally", rows: ".#../..../..../#.SG", cmds: towerCmds("MOVETO 9"),
		want: towerIDs("block-fall-stops-diagonally", "block-falls"), not: towerIDs("block-falls-to-level-1", "block-falls-into-player")},
	{name: "a C falls", rows: "C../.../S.G", cmds: towerCmds("MOVETO 9"), want: towerIDs("block-falls-c", "result-death-by-block")},
	// G falls into his cell: (C) and (D) hold.
	{name: "G falls into his cell", rows: "G../.../S.#", cmds: towerCmds("MOVETO 9"),
		want: towerIDs("block-falls-goal", "check-block-and-walking-goal", "result-death-by-block"), not: towerIDs("goal-gone")},
	// The B at (3,3) falls to (2,3), onto G.
	{name: "a B falls", rows: "..B/.../S.G", cmds: towerCmds("MOVETO 9"),
		want: towerIDs("block-falls-b", "result-gave-up", "block-falls-from-top-level", "block-falls-in-column-m"),
		not:  towerIDs("vanish-on-b", "block-falls-several-levels", "block-falls-in-column-1")},
	// The '#' at (2,3) under him falls to level 1 first; the '#' at (4,3) then falls
	// through his cell at (3,3) onto it, at (2,3), and holds him.
	{name: "a '#' falls through his cell", rows: "..#../..S../..#../....G", cmds: towerCmds("PUSH LEFT"),
		want: towerIDs("block-falls-through-player", "block-falls-to-level-1", "result-gave-up"), not: towerIDs("player-falls", "block-falls-into-player")},
	// The '#' at (2,2) under him falls to level 1, the '#' at (4,2) stops in his cell at
	// (3,2), held by (2,3); in the next round he falls away from it, onto the first.
	{name: "a block in his cell, then he falls away", rows: ".#../.S../.##./...G", cmds: towerCmds("PUSH LEFT"),
		want: towerIDs("block-falls-into-player", "player-falls-away-from-block", "automatic-several-rounds", "result-gave-up"),
		not:  towerIDs("result-death-by-block")},

	// R-T4 and R-T18 the checks.
	{name: "MOVETO onto G: Cleared right after it", rows: ".../S../#G#", cmds: towerCmds("MOVETO 2"),
		want: towerIDs("result-cleared", "over-after-action", "moveto-over-other-kinds"), not: towerIDs("start-on-goal", "check-cleared-and-walking-goal")},
	// The '#' at (2,2) rests on G at (1,3); the push moves G away, and the '#' would fall
	// into his cell.
	{name: "a push moves G from under a block: Walking Goal, not Death by Block", rows: "..../.#../.SG.", cmds: towerCmds("PUSH RIGHT"),
		want: towerIDs("check-before-automatic-steps", "result-death-by-walking-goal", "over-after-action"), not: towerIDs("result-death-by-block", "block-falls")},
	// He falls from (5,2) onto G at (3,2); G falls to (2,2); he falls onto it again.
	{name: "he falls onto G, which fell: Cleared", rows: ".S./.../.G./.../.#.", cmds: towerCmds("PUSH RIGHT"),
		want: towerIDs("check-cleared-and-walking-goal", "result-cleared", "block-falls-goal", "automatic-several-rounds", "over-after-automatic-steps", "tower-width-3"),
		not:  towerIDs("tower-height-3", "result-death-by-walking-goal")},
}

// towerCases is every case of towerSits, with the mirrored ones, and the cases at the
// limits, which are built.
func towerCases() []towerSit {
	var out []towerSit
	for _, c := range towerSits {
		out = append(out, c)
		if c.mirror {
			out = append(out, c.mirrored())
		}
	}
	return out
}

// towerBuilt is a case of the limits: an input built whole, and the situations it reaches.
type towerBuilt struct {
	name  string
	input string
	want  []string
	not   []string
}

// towerSquare is a tower of n levels and m columns, all '.', with the player at (1, 1) and G
// at (1, m).
func towerSquare(n, m int) []string {
	rows := make([]string, n)
	for i := range rows {
		rows[i] = strings.Repeat(".", m)
	}
	rows[n-1] = "S" + strings.Repeat(".", m-2) + "G"
	return rows
}

func towerRepeated(cmd string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = cmd
	}
	return out
}

func towerBuiltCases() []towerBuilt {
	many := ""
	for range 200 {
		many += towerDatasetText(towerSquare(3, 3), nil)
	}
	long := towerDatasetText(towerSquare(3, 3), towerRepeated("MOVETO 1", 10000))
	spread := ""
	for range 20 {
		spread += towerDatasetText(towerSquare(3, 4), towerRepeated("PUSH LEFT", 5000))
	}
	canonical := towerSit{rows: ".../S.G/###", cmds: towerCmds("MOVETO 2")}.input()
	form := func(from, to string) string { return strings.Replace(canonical, from, to, -1) }
	forms := []string{"form-split", "form-runs", "form-tabs", "form-other-space", "form-crlf", "form-no-final-newline", "form-row-blanks"}
	others := func(ids ...string) []string {
		return slices.DeleteFunc(slices.Clone(forms), func(id string) bool { return slices.Contains(ids, id) })
	}
	return []towerBuilt{
		{"the canonical layout", canonical, nil, forms},
		{"a tab between a command and its column", form("MOVETO 2", "MOVETO\t2"), towerIDs("form-tabs"), others("form-tabs")},
		{"\\r\\n line ends", form("\n", "\r\n"), towerIDs("form-crlf"), others("form-crlf")},
		{"a run of blanks", form("MOVETO 2", "MOVETO   2"), towerIDs("form-runs"), others("form-runs")},
		{"blank lines", form("1\nMOVETO", "1\n\n\nMOVETO"), towerIDs("form-runs"), others("form-runs")},
		{"an input that starts with a line end", "\n" + canonical, towerIDs("form-runs"), others("form-runs")},
		{"a vertical tab and a form feed", "\v" + canonical + "\f", towerIDs("form-other-space", "form-no-final-newline"), others("form-other-space", "form-no-final-newline")},
		{"ending in a vertical tab", canonical + "\v", towerIDs("form-other-space"), others("form-other-space")},
		{"no line end at the end", form("0 0\n", "0 0"), towerIDs("form-no-final-newline"), others("form-no-final-newline")},
		{"a row with blanks between its characters", form("\nS.G\n", "\nS . G\n"), towerIDs("form-row-blanks"), others("form-row-blanks")},
		{"a row with a tab between two characters", form("\nS.G\n", "\nS\t.G\n"), towerIDs("form-row-blanks", "form-tabs"), others("form-row-blanks", "form-tabs")},
		{"a row spread over two lines", form("\nS.G\n", "\nS.\nG\n"), towerIDs("form-row-blanks", "form-split"), others("form-row-blanks", "form-split")},
		{"two rows on one line: blanks between rows, not in one", form("...\nS.G\n", "... S.G\n"), nil, forms},
		{"rows run together", form("...\nS.G\n", "...S.G\n"), nil, forms},
		{"a command and its column on two lines", form("MOVETO 2", "MOVETO\n2"), towerIDs("form-split"), others("form-split")},
		{"n and m on two lines", form("3 3\n", "3\n3\n"), towerIDs("form-split"), others("form-split")},
		{"0 and 0 on two lines", form("0 0\n", "0\n0\n"), towerIDs("form-split"), others("form-split")},
		{"T glued to the last row", form("###\n1\n", "###1\n"), nil, forms},
		{"50 levels, 50 columns", towerDatasetText(towerSquare(50, 50), towerCmds("MOVETO 2")) + "0 0\n",
			towerIDs("tower-50x50", "tower-height-50", "tower-width-50", "moveto-level-1"), towerIDs("tower-3x3", "player-on-top-level")},
		{"50 levels, 3 columns", towerDatasetText(towerSquare(50, 3), nil) + "0 0\n",
			towerIDs("tower-height-50", "tower-width-3", "commands-zero"), towerIDs("tower-50x50", "tower-width-50", "tower-height-3")},
		{"3 levels, 50 columns", towerDatasetText(towerSquare(3, 50), nil) + "0 0\n",
			towerIDs("tower-width-50", "tower-height-3"), towerIDs("tower-50x50", "tower-height-50", "tower-width-3")},
		{"200 datasets", many + "0 0\n", towerIDs("many-datasets", "commands-zero"), towerIDs("long-game", "many-commands")},
		{"a dataset of 10000 commands", long + "0 0\n", towerIDs("long-game", "moveto-own-column"), towerIDs("many-commands", "many-datasets")},
		{"20 datasets of 5000 commands", spread + "0 0\n", towerIDs("many-commands", "push-left-empty-chain"), towerIDs("long-game", "many-datasets")},
	}
}

// TestTowerSituationsReached: every hand-made case is valid and reaches what it must and
// nothing it must not; every entry of the catalogue is reached by some case and missed
// by another.
func TestTowerSituationsReached(t *testing.T) {
	catalogue := ruling.TowerSituations()
	known := map[string]bool{}
	for _, s := range catalogue {
		known[s.ID] = true
	}
	reached, missed := map[string]int{}, map[string]int{}
	check := func(name, input string, want, not []string) {
		t.Run(name, func(t *testing.T) {
			if _, err := testcase.DecodeTower([]byte(input)); err != nil {
				t.Fatalf("the validator rejects the case: %v\n%s", err, input)
			}
			got := ruling.TowerReach([]byte(input)).IDs(catalogue)
			for _, id := range append(slices.Clone(want), not...) {
				if !known[id] {
					t.Errorf("%q is no entry of the catalogue", id)
				}
			}
			for _, id := range want {
				if !slices.Contains(got, id) {
					t.Errorf("reached %v, want %s among them\n%s", got, id, input)
				}
			}
			for _, id := range not {
				if slices.Contains(got, id) {
					t.Errorf("reached %v, want no %s\n%s", got, id, input)
				}
			}
			for _, s := range catalogue {
				if slices.Contains(got, s.ID) {
					reached[s.ID]++
				} else {
					missed[s.ID]++
				}
			}
		})
	}
	for _, c := range towerCases() {
		check(c.name, c.input(), c.want, c.not)
	}
	for _, c := range towerBuiltCases() {
		check(c.name, c.input, c.want, c.not)
	}
	wanted := map[string]bool{}
	for _, c := range towerCases() {
		for _, id := range c.want {
			wanted[id] = true
		}
	}
	for _, c := range towerBuiltCases() {
		for _, id := range c.want {
			wanted[id] = true
		}
	}
	for _, s := range catalogue {
		if !wanted[s.ID] {
			t.Errorf("no case wants %s (%s)", s.ID, s.What)
		}
		if reached[s.ID] == 0 || missed[s.ID] == 0 {
			t.Errorf("%s: reached by %d cases, missed by %d: want at least one of each", s.ID, reached[s.ID], missed[s.ID])
		}
	}
}

// TestTowerSituationsCatalogue: the catalogue is returned as a copy, and every kind of
// entry it has is known.
func TestTowerSituationsCatalogue(t *testing.T) {
	a := ruling.TowerSituations()
	a[0].ID = "changed"
	if b := ruling.TowerSituations(); b[0].ID == "changed" {
		t.Fatal("TowerSituations returns the catalogue itself, not a copy")
	}
	for _, s := range a {
		if s.Kind > coverage.Form {
			t.Errorf("%s: kind %v", s.ID, s.Kind)
		}
	}
}

// TestTowerFormsReached: the forms TowerReach finds in an input are those the case that
// wrote it carries, for every form of testcase.Form and tower's own (RowBlanks), so that
// the catalogue's reading of the bytes and the cases' layouts are one; and ref reads each
// form as the canonical layout.
func TestTowerFormsReached(t *testing.T) {
	catalogue := ruling.TowerSituations()
	c := testcase.Tower{Datasets: []testcase.TowerDataset{
		{Rows: []string{"...", "S.G", "###"}, Cmds: []testcase.TowerCmd{{Kind: testcase.TowerMoveTo, Col: 2}, {Kind: testcase.TowerPushLeft}}},
		{Rows: []string{"....", "#S.G", "###C"}},
	}}
	var want bytes.Buffer
	if err := ref.Tower(c.Encode(), &want); err != nil {
		t.Fatal(err)
	}
	for f := testcase.Form(0); f <= testcase.AllForms; f++ {
		for _, blanks := range []bool{false, true} {
			if testcase.TowerForm(f, blanks) != f {
				continue // tabs that split left no space for
			}
			c.Form, c.RowBlanks = f, blanks
			input := c.Encode()
			var ids []string
			for i, name := range testcase.FormNames {
				if f.Has(1 << i) {
					ids = append(ids, "form-"+name)
				}
			}
			if blanks {
				ids = append(ids, "form-row-blanks")
			}
			var got []string
			for _, id := range ruling.TowerReach(input).IDs(catalogue) {
				if strings.HasPrefix(id, "form-") {
					got = append(got, id)
				}
			}
			slices.Sort(ids)
			slices.Sort(got)
			if !slices.Equal(got, ids) {
				t.Errorf("form %06b, row blanks %v: reached %v, want %v\n%q", f, blanks, got, ids, input)
			}
			var out bytes.Buffer
			if err := ref.Tower(input, &out); err != nil || out.String() != want.String() {
				t.Errorf("form %06b, row blanks %v: ref answers %q, %v; want %q\n%q", f, blanks, out.String(), err, want.String(), input)
			}
		}
	}
}

// TestTowerAims: a hunt steered toward any one situation of the catalogue reaches it
// (games' Toward, which tower's gen.TowerAim feeds): for each id, at least 8 of 32 case
// seeds give a case (a unit, or a whole input for the counts of a whole input) that
// reaches it.
func TestTowerAims(t *testing.T) {
	t.Parallel() // pure computation: run beside the package's other heavy tests
	g, err := gamediffgames.Lookup("tower")
	if err != nil {
		t.Fatal(err)
	}
	steer, ok := g.(engine.Steerer)
	if !ok {
		t.Fatal("tower is no engine.Steerer")
	}
	catalogue := ruling.TowerSituations()
	seeds := int64(32)
	for i, s := range catalogue {
		t.Run(s.ID, func(t *testing.T) {
			t.Parallel()
			var want coverage.Set
			want.Add(i)
			hits := 0
			for k := range seeds {
				if ruling.TowerReach(steer.Toward(engine.CaseSeed(1, k), want).Encode()).Has(i) {
					hits++
				}
			}
			if hits < 8 {
				t.Errorf("%d of %d aimed cases reach it, want at least 8", hits, seeds)
			}
			if testing.Verbose() {
				t.Logf("aim %s: %2d of %d", s.ID, hits, seeds)
			}
		})
	}
}

// TestTowerReachOfBadInput: an input ref rejects reaches nothing (every prefix of every
// case that ref rejects), and no bytes make TowerReach panic: each case with one byte
// changed.
func TestTowerReachOfBadInput(t *testing.T) {
	for _, c := range towerSits[:8] {
		input := []byte(c.input())
		for i := range input {
			if err := ref.Tower(input[:i], io.Discard); err == nil {
				continue // the final "\n" alone cut: ref reads it all the same
			}
			if got := ruling.TowerReach(input[:i]); !got.Empty() {
				t.Fatalf("%q reaches %v, an input cut short", input[:i], got.IDs(ruling.TowerSituations()))
			}
			for _, b := range []byte("\x00 9-SGB#I1") {
				changed := slices.Clone(input)
				changed[i] = b
				ruling.TowerReach(changed)
			}
		}
	}
	if got := ruling.TowerReach([]byte("3 3\n...\nS.G\n###\n1\nJUMP\n0 0\n")); !got.Empty() {
		t.Errorf("an unknown command reaches %v", got.IDs(ruling.TowerSituations()))
	}
}

// reachOfIDs is the set of the catalogue's entries with those ids.
func reachOfIDs(catalogue []coverage.Situation, ids ...string) coverage.Set {
	var r coverage.Set
	for i, s := range catalogue {
		if slices.Contains(ids, s.ID) {
			r.Add(i)
		}
	}
	return r
}

// TestTowerReachOfGeneratedCases: on the generator's cases, a case reaches what its
// datasets reach one by one (but for the entries of the whole input), and the results it
// reaches are the lines ref writes. It logs how many cases reach each entry.
func TestTowerReachOfGeneratedCases(t *testing.T) {
	catalogue := ruling.TowerSituations()
	whole := reachOfIDs(catalogue, "many-datasets", "many-commands", "form-split", "form-runs", "form-tabs", "form-other-space",
		"form-crlf", "form-no-final-newline", "form-row-blanks")
	results := map[string]string{"Game Over : Cleared": "result-cleared", "Game Over : Death by Hole": "result-death-by-hole",
		"Game Over : Death by Block": "result-death-by-block", "Game Over : Death by Walking Goal": "result-death-by-walking-goal",
		"Game Over : Gave Up": "result-gave-up"}
	count := map[string]int{}
	const cases = 100
	g := gen.TowerGen(nil)
	for seed := range int64(cases) {
		c := drawCase(t, g, seed).(testcase.Tower)
		input := c.Encode()
		got := ruling.TowerReach(input)
		var union coverage.Set
		for _, d := range c.Datasets {
			union = union.Union(ruling.TowerReach(testcase.Tower{Datasets: []testcase.TowerDataset{d}}.Encode()))
		}
		if got.Minus(whole) != union.Minus(whole) {
			t.Fatalf("seed %d: the case reaches %v, its datasets %v", seed, got.IDs(catalogue), union.IDs(catalogue))
		}
		var out bytes.Buffer
		if err := ref.Tower(input, &out); err != nil {
			t.Fatal(err)
		}
		want := map[string]bool{}
		for _, line := range strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n") {
			want[results[line]] = true
		}
		for _, id := range results {
			if slices.Contains(got.IDs(catalogue), id) != want[id] {
				t.Errorf("seed %d: %s reached: %v, ref writes it: %v", seed, id, !want[id], want[id])
			}
		}
		for _, id := range got.IDs(catalogue) {
			count[id]++
		}
	}
	for _, s := range catalogue {
		t.Logf("%-36s in %3d of %d cases", s.ID, count[s.ID], cases)
	}
}

// towerBenchInput is 400 datasets of 50x50 with 400 commands each, from tower's
// generator.
func towerBenchInput(b *testing.B) []byte {
	g, err := gen.Gen("tower -datasets 400 -n 50 -m 50 -cmds 400", nil)
	if err != nil {
		b.Fatal(err)
	}
	return drawCase(b, g, 1).Encode()
}

// BenchmarkTowerReach compares TowerReach with ref's judge alone on the same input: the
// metric reach/ref is the one's time per the other's. ref-rules is ref's play as
// TowerReach follows it, with an observer that does nothing: what the following costs
// before any situation is judged.
//
//	go test ./ruling -run '^$' -bench TowerReach -benchtime 5x
func BenchmarkTowerReach(b *testing.B) {
	input := towerBenchInput(b)
	var refTime, reachTime float64
	b.Run("ref", func(b *testing.B) {
		for b.Loop() {
			if err := ref.Tower(input, io.Discard); err != nil {
				b.Fatal(err)
			}
		}
		refTime = float64(b.Elapsed()) / float64(b.N)
	})
	b.Run("ref-rules", func(b *testing.B) {
		for b.Loop() {
			if _, err := ref.TowerRules(input, func(*ref.TowerStep) {}); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(b.Elapsed())/float64(b.N)/refTime, "rules/ref")
	})
	b.Run("reach", func(b *testing.B) {
		for b.Loop() {
			ruling.TowerReach(input)
		}
		reachTime = float64(b.Elapsed()) / float64(b.N)
		b.ReportMetric(reachTime/refTime, "reach/ref")
	})
}

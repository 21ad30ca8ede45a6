package ruling

import (
	"bytes"
	"math"
	"slices"
	"strings"

	"gamediff/coverage"
	"gamediff/ref"
)

// The entries of tower's catalogue, in its order. A command's entries that differ only in
// the direction come in pairs, RIGHT then LEFT, so that the LEFT one is the RIGHT one + 1
// (towerWatch adds its side to the RIGHT one).
const (
	// R-T6 MOVETO
	tMoveOutside = iota
	tMoveOwnColumn
	tMoveOccupied
	tMoveNoSupport
	tMoveFloating
	tMoveLevel1
	tMoveSupported
	tMovePastBlock
	tMoveOverKinds
	tMoveOverB
	tMoveOntoB
	tMoveJustOutside
	tMoveExtreme
	tMoveToFirst
	tMoveToLast
	// R-T7 CLIMB
	tClimbTopRight
	tClimbTopLeft
	tClimbOutsideRight
	tClimbOutsideLeft
	tClimbSideEmptyRight
	tClimbSideEmptyLeft
	tClimbAboveRight
	tClimbAboveLeft
	tClimbAboveSideRight
	tClimbAboveSideLeft
	tClimbRight
	tClimbLeft
	tClimbUnsupported
	tClimbOntoKind
	tClimbToTop
	// R-T8 GETDOWN
	tDownLevel1Right
	tDownLevel1Left
	tDownOutsideRight
	tDownOutsideLeft
	tDownSideRight
	tDownSideLeft
	tDownBelowSideRight
	tDownBelowSideLeft
	tDownRight
	tDownLeft
	tDownToLevel1
	tDownOntoNothing
	// R-T9 and R-T10 PUSH
	tPushEmptyRight
	tPushEmptyLeft
	tPushFixedRight
	tPushFixedLeft
	tPushRight
	tPushLeft
	tPushOffRight
	tPushOffLeft
	tPushIceRight
	tPushIceLeft
	tPushOnIceRight
	tPushOnIceLeft
	tPushSlideOutRight
	tPushSlideOutLeft
	tPushGoalRight
	tPushGoalLeft
	tPushChain
	tPushDimension
	tPushIceOverGap
	tPushLevel1Stays
	tPushSlideStopped
	tPushIceFloor
	// R-T11 PULL
	tPullFixedRight
	tPullFixedLeft
	tPullNoBlockRight
	tPullNoBlockLeft
	tPullOutsideRight
	tPullOutsideLeft
	tPullBlockedRight
	tPullBlockedLeft
	tPullRight
	tPullLeft
	tPullGoalRight
	tPullGoalLeft
	tPullIce
	tPullOntoNothing
	// R-T12 the fragile countdown
	tFragile3
	tFragile2
	tFragile1
	tFragileMove
	tFragileClimb
	tFragileDown
	tFragilePull
	tFragilePush
	tFragileFall
	tFragileInvalid
	// R-T3 the start
	tStartUnstable
	tStartOnGoal
	tStartOnB
	// R-T4, R-T13 to R-T16 the automatic steps
	tAfterIgnored
	tRounds
	tVanish
	tVanishStack
	tVanishGoal
	tVanishFixed
	tVanishTop
	tPlayerFalls
	tPlayerFallsFar
	tBlocksFall
	tFallToLevel1
	tFallDiagonal
	tFallFar
	tFallFromTop
	tFallFirstColumn
	tFallLastColumn
	tFallFixed
	tFallGoal
	tFallDimension
	tFallIntoPlayer
	tFallThroughPlayer
	tFallAway
	// R-T4, R-T5, R-T18 the checks and the results
	tCleared
	tHole
	tBlock
	tWalking
	tGaveUp
	tOverAfterAction
	tOverAfterSteps
	tCheckBeforeSteps
	tClearedAndWalking
	tHoleAndWalking
	tBlockAndWalking
	tGoalGone
	tAfterEnd
	// the limits
	tTower3x3
	tHeight3
	tWidth3
	tHeight50
	tWidth50
	tTower50x50
	tPlayerTop
	tPlayerBottom
	tPlayerFirstColumn
	tPlayerLastColumn
	tNoCommands
	tLongGame
	tManyCommands
	tManyDatasets
	// the forms of the input (docs/rules.md, R-T1)
	tFormSplit
	tFormRuns
	tFormTabs
	tFormOtherSpace
	tFormCRLF
	tFormNoFinalNewline
	tFormRowBlanks
	towerSituationCount
)

// The measures of tower's boundaries: the sides' limits (docs/tower.md, Limits), and
// what the statement leaves open, as it limits neither T nor the datasets: a long game, a
// long input and many datasets, at sizes a judge that rescans or copies too much would
// feel.
const (
	towerMinSide      = 3
	towerMaxSide      = 50
	towerLongGame     = 10000  // commands in one dataset
	towerManyCommands = 100000 // commands in the whole input
	towerManyDatasets = 200    // datasets in one input
)

// towerSituations is tower's catalogue (docs/tower.md): every branch of the rulebook,
// the boundaries of the statement's limits and of what it leaves open, and the forms of
// input the rules allow (docs/rules.md, "Input is a stream of tokens"; R-T1 for a row).
var towerSituations = [...]coverage.Situation{
	tMoveOutside:     {ID: "moveto-outside", Kind: coverage.Branch, Doc: "docs/tower.md R-T6", What: "a MOVETO whose column lies outside 1..m: invalid, not an input error"},
	tMoveOwnColumn:   {ID: "moveto-own-column", Kind: coverage.Branch, Doc: "docs/tower.md R-T6", What: "a MOVETO to the player's own column: invalid"},
	tMoveOccupied:    {ID: "moveto-target-occupied", Kind: coverage.Branch, Doc: "docs/tower.md R-T6", What: "a MOVETO to a column whose cell on his level holds a block, every other condition holding: invalid"},
	tMoveNoSupport:   {ID: "moveto-no-support", Kind: coverage.Branch, Doc: "docs/tower.md R-T6", What: "a MOVETO above level 1 with an empty cell on the level below, from his column to the target, the target empty: invalid"},
	tMoveFloating:    {ID: "moveto-while-floating", Kind: coverage.Branch, Doc: "docs/tower.md R-T6", What: "a MOVETO while the player floats (an unstable start), the target empty: invalid, his own column needs a block below"},
	tMoveLevel1:      {ID: "moveto-level-1", Kind: coverage.Branch, Doc: "docs/tower.md R-T6", What: "a valid MOVETO on level 1, where nothing below is needed"},
	tMoveSupported:   {ID: "moveto-supported", Kind: coverage.Branch, Doc: "docs/tower.md R-T6", What: "a valid MOVETO above level 1, a block under every cell of the way"},
	tMovePastBlock:   {ID: "moveto-past-block", Kind: coverage.Branch, Doc: "docs/tower.md R-T6", What: "a valid MOVETO past a block on the player's own level, between the two columns"},
	tMoveOverKinds:   {ID: "moveto-over-other-kinds", Kind: coverage.Branch, Doc: "docs/tower.md R-T6", What: "a valid MOVETO over a block that is not '#' nor B (I, G, C or fragile), which supports like any block"},
	tMoveOverB:       {ID: "moveto-over-b", Kind: coverage.Branch, Doc: "docs/tower.md R-T6", What: "a valid MOVETO that passes over a B without ending above it: harmless"},
	tMoveOntoB:       {ID: "moveto-onto-b", Kind: coverage.Branch, Doc: "docs/tower.md R-T6", What: "a valid MOVETO that ends above a B: Death by Hole right after it"},
	tMoveJustOutside: {ID: "moveto-column-just-outside", Kind: coverage.Boundary, Doc: "docs/tower.md R-T6", What: "a MOVETO to column 0 or m + 1, next to the tower's sides"},
	tMoveExtreme:     {ID: "moveto-column-int32-limit", Kind: coverage.Boundary, Doc: "docs/tower.md R-T6", What: "a MOVETO whose column is at an int32 limit (2147483647 or -2147483648) or beyond"},
	tMoveToFirst:     {ID: "moveto-to-column-1", Kind: coverage.Boundary, Doc: "docs/tower.md R-T6", What: "a valid MOVETO to column 1, the first of 1..m"},
	tMoveToLast:      {ID: "moveto-to-column-m", Kind: coverage.Boundary, Doc: "docs/tower.md R-T6", What: "a valid MOVETO to column m, the last of 1..m"},

	tClimbTopRight:       {ID: "climb-right-top-level", Kind: coverage.Branch, Doc: "docs/tower.md R-T7", What: "CLIMB RIGHT on the top level, a block on his right: invalid"},
	tClimbTopLeft:        {ID: "climb-left-top-level", Kind: coverage.Branch, Doc: "docs/tower.md R-T7", What: "CLIMB LEFT on the top level, a block on his left: invalid"},
	tClimbOutsideRight:   {ID: "climb-right-side-outside", Kind: coverage.Branch, Doc: "docs/tower.md R-T7", What: "CLIMB RIGHT in column m, below the top, nothing above him: invalid"},
	tClimbOutsideLeft:    {ID: "climb-left-side-outside", Kind: coverage.Branch, Doc: "docs/tower.md R-T7", What: "CLIMB LEFT in column 1, below the top, nothing above him: invalid"},
	tClimbSideEmptyRight: {ID: "climb-right-side-empty", Kind: coverage.Branch, Doc: "docs/tower.md R-T7", What: "CLIMB RIGHT with the cell on his right empty, the cells above free: invalid"},
	tClimbSideEmptyLeft:  {ID: "climb-left-side-empty", Kind: coverage.Branch, Doc: "docs/tower.md R-T7", What: "CLIMB LEFT with the cell on his left empty, the cells above free: invalid"},
	tClimbAboveRight:     {ID: "climb-right-above-blocked", Kind: coverage.Branch, Doc: "docs/tower.md R-T7", What: "CLIMB RIGHT with a block above him, only that: invalid"},
	tClimbAboveLeft:      {ID: "climb-left-above-blocked", Kind: coverage.Branch, Doc: "docs/tower.md R-T7", What: "CLIMB LEFT with a block above him, only that: invalid"},
	tClimbAboveSideRight: {ID: "climb-right-above-side-blocked", Kind: coverage.Branch, Doc: "docs/tower.md R-T7", What: "CLIMB RIGHT with a block at his upper right, only that: invalid"},
	tClimbAboveSideLeft:  {ID: "climb-left-above-side-blocked", Kind: coverage.Branch, Doc: "docs/tower.md R-T7", What: "CLIMB LEFT with a block at his upper left, only that: invalid"},
	tClimbRight:          {ID: "climb-right", Kind: coverage.Branch, Doc: "docs/tower.md R-T7", What: "a valid CLIMB RIGHT"},
	tClimbLeft:           {ID: "climb-left", Kind: coverage.Branch, Doc: "docs/tower.md R-T7", What: "a valid CLIMB LEFT"},
	tClimbUnsupported:    {ID: "climb-with-nothing-below", Kind: coverage.Branch, Doc: "docs/tower.md R-T7", What: "a valid CLIMB by a player with an empty cell under him: he needs nothing under himself"},
	tClimbOntoKind:       {ID: "climb-onto-other-kind", Kind: coverage.Branch, Doc: "docs/tower.md R-T7", What: "a valid CLIMB onto a block that is not '#' (C included)"},
	tClimbToTop:          {ID: "climb-to-top-level", Kind: coverage.Boundary, Doc: "docs/tower.md R-T7", What: "a valid CLIMB from level n - 1 onto the top level: below the top is all it needs"},

	tDownLevel1Right:    {ID: "getdown-right-level-1", Kind: coverage.Branch, Doc: "docs/tower.md R-T8", What: "GETDOWN RIGHT on level 1, the cell on his right empty: invalid"},
	tDownLevel1Left:     {ID: "getdown-left-level-1", Kind: coverage.Branch, Doc: "docs/tower.md R-T8", What: "GETDOWN LEFT on level 1, the cell on his left empty: invalid"},
	tDownOutsideRight:   {ID: "getdown-right-side-outside", Kind: coverage.Branch, Doc: "docs/tower.md R-T8", What: "GETDOWN RIGHT in column m above level 1: invalid"},
	tDownOutsideLeft:    {ID: "getdown-left-side-outside", Kind: coverage.Branch, Doc: "docs/tower.md R-T8", What: "GETDOWN LEFT in column 1 above level 1: invalid"},
	tDownSideRight:      {ID: "getdown-right-side-blocked", Kind: coverage.Branch, Doc: "docs/tower.md R-T8", What: "GETDOWN RIGHT with a block on his right, the cell under it empty: invalid"},
	tDownSideLeft:       {ID: "getdown-left-side-blocked", Kind: coverage.Branch, Doc: "docs/tower.md R-T8", What: "GETDOWN LEFT with a block on his left, the cell under it empty: invalid"},
	tDownBelowSideRight: {ID: "getdown-right-below-side-blocked", Kind: coverage.Branch, Doc: "docs/tower.md R-T8", What: "GETDOWN RIGHT with his right empty and a block at his lower right: invalid"},
	tDownBelowSideLeft:  {ID: "getdown-left-below-side-blocked", Kind: coverage.Branch, Doc: "docs/tower.md R-T8", What: "GETDOWN LEFT with his left empty and a block at his lower left: invalid"},
	tDownRight:          {ID: "getdown-right", Kind: coverage.Branch, Doc: "docs/tower.md R-T8", What: "a valid GETDOWN RIGHT"},
	tDownLeft:           {ID: "getdown-left", Kind: coverage.Branch, Doc: "docs/tower.md R-T8", What: "a valid GETDOWN LEFT"},
	tDownToLevel1:       {ID: "getdown-to-level-1", Kind: coverage.Branch, Doc: "docs/tower.md R-T8", What: "a valid GETDOWN from level 2 onto level 1"},
	tDownOntoNothing:    {ID: "getdown-onto-nothing", Kind: coverage.Branch, Doc: "docs/tower.md R-T8", What: "a valid GETDOWN onto a cell with nothing under it: he falls further in the automatic steps"},

	tPushEmptyRight:    {ID: "push-right-empty-chain", Kind: coverage.Branch, Doc: "docs/tower.md R-T9", What: "PUSH RIGHT with no block on his right (empty, or column m): invalid"},
	tPushEmptyLeft:     {ID: "push-left-empty-chain", Kind: coverage.Branch, Doc: "docs/tower.md R-T9", What: "PUSH LEFT with no block on his left (empty, or column 1): invalid"},
	tPushFixedRight:    {ID: "push-right-chain-holds-c", Kind: coverage.Branch, Doc: "docs/tower.md R-T9", What: "PUSH RIGHT on a chain that holds a C: invalid"},
	tPushFixedLeft:     {ID: "push-left-chain-holds-c", Kind: coverage.Branch, Doc: "docs/tower.md R-T9", What: "PUSH LEFT on a chain that holds a C: invalid"},
	tPushRight:         {ID: "push-right", Kind: coverage.Branch, Doc: "docs/tower.md R-T9", What: "a valid PUSH RIGHT"},
	tPushLeft:          {ID: "push-left", Kind: coverage.Branch, Doc: "docs/tower.md R-T9", What: "a valid PUSH LEFT"},
	tPushOffRight:      {ID: "push-right-off-the-edge", Kind: coverage.Branch, Doc: "docs/tower.md R-T9", What: "PUSH RIGHT moves a block of the chain past column m: it vanishes"},
	tPushOffLeft:       {ID: "push-left-off-the-edge", Kind: coverage.Branch, Doc: "docs/tower.md R-T9", What: "PUSH LEFT moves a block of the chain past column 1: it vanishes"},
	tPushIceRight:      {ID: "push-right-ice-slides", Kind: coverage.Branch, Doc: "docs/tower.md R-T10", What: "PUSH RIGHT: an ice block slides on beyond its one-cell move"},
	tPushIceLeft:       {ID: "push-left-ice-slides", Kind: coverage.Branch, Doc: "docs/tower.md R-T10", What: "PUSH LEFT: an ice block slides on beyond its one-cell move"},
	tPushOnIceRight:    {ID: "push-right-slides-on-ice", Kind: coverage.Branch, Doc: "docs/tower.md R-T10", What: "PUSH RIGHT: a block that is not ice slides on the ice under it"},
	tPushOnIceLeft:     {ID: "push-left-slides-on-ice", Kind: coverage.Branch, Doc: "docs/tower.md R-T10", What: "PUSH LEFT: a block that is not ice slides on the ice under it"},
	tPushSlideOutRight: {ID: "push-right-slides-out", Kind: coverage.Branch, Doc: "docs/tower.md R-T10", What: "PUSH RIGHT: a block slides out of the tower past column m and vanishes"},
	tPushSlideOutLeft:  {ID: "push-left-slides-out", Kind: coverage.Branch, Doc: "docs/tower.md R-T10", What: "PUSH LEFT: a block slides out of the tower past column 1 and vanishes"},
	tPushGoalRight:     {ID: "push-right-moves-goal", Kind: coverage.Branch, Doc: "docs/tower.md R-T9", What: "PUSH RIGHT moves G: Walking Goal"},
	tPushGoalLeft:      {ID: "push-left-moves-goal", Kind: coverage.Branch, Doc: "docs/tower.md R-T9", What: "PUSH LEFT moves G: Walking Goal"},
	tPushChain:         {ID: "push-chain", Kind: coverage.Branch, Doc: "docs/tower.md R-T9", What: "a push moves a chain of two or more blocks, the farthest first"},
	tPushDimension:     {ID: "push-moves-b", Kind: coverage.Branch, Doc: "docs/tower.md R-T9", What: "a push moves a B, like any other block"},
	tPushIceOverGap:    {ID: "push-ice-stops-over-gap", Kind: coverage.Branch, Doc: "docs/tower.md R-T10", What: "a pushed ice block stops above an empty cell, having nothing under it, and falls later"},
	tPushLevel1Stays:   {ID: "push-level-1-no-slide", Kind: coverage.Branch, Doc: "docs/tower.md R-T10", What: "a pushed block that is not ice on level 1, the cell ahead empty: the floor is not ice, it does not slide"},
	tPushSlideStopped:  {ID: "push-slide-stopped-by-block", Kind: coverage.Branch, Doc: "docs/tower.md R-T10", What: "a pushed block that could slide on stops against a block ahead of it"},
	tPushIceFloor:      {ID: "push-ice-slides-on-floor", Kind: coverage.Branch, Doc: "docs/tower.md R-T10", What: "a pushed ice block on level 1 slides on the floor, which holds it as a block does"},

	tPullFixedRight:   {ID: "pull-right-block-is-c", Kind: coverage.Branch, Doc: "docs/tower.md R-T11", What: "PULL RIGHT with a C on his left, his right empty: invalid"},
	tPullFixedLeft:    {ID: "pull-left-block-is-c", Kind: coverage.Branch, Doc: "docs/tower.md R-T11", What: "PULL LEFT with a C on his right, his left empty: invalid"},
	tPullNoBlockRight: {ID: "pull-right-no-block", Kind: coverage.Branch, Doc: "docs/tower.md R-T11", What: "PULL RIGHT with no block on his left, his right empty: invalid"},
	tPullNoBlockLeft:  {ID: "pull-left-no-block", Kind: coverage.Branch, Doc: "docs/tower.md R-T11", What: "PULL LEFT with no block on his right, his left empty: invalid"},
	tPullOutsideRight: {ID: "pull-right-side-outside", Kind: coverage.Branch, Doc: "docs/tower.md R-T11", What: "PULL RIGHT in column m, a block on his left: invalid"},
	tPullOutsideLeft:  {ID: "pull-left-side-outside", Kind: coverage.Branch, Doc: "docs/tower.md R-T11", What: "PULL LEFT in column 1, a block on his right: invalid"},
	tPullBlockedRight: {ID: "pull-right-side-blocked", Kind: coverage.Branch, Doc: "docs/tower.md R-T11", What: "PULL RIGHT with a block on his left and one on his right: invalid"},
	tPullBlockedLeft:  {ID: "pull-left-side-blocked", Kind: coverage.Branch, Doc: "docs/tower.md R-T11", What: "PULL LEFT with a block on his right and one on his left: invalid"},
	tPullRight:        {ID: "pull-right", Kind: coverage.Branch, Doc: "docs/tower.md R-T11", What: "a valid PULL RIGHT: the block on his left follows him right"},
	tPullLeft:         {ID: "pull-left", Kind: coverage.Branch, Doc: "docs/tower.md R-T11", What: "a valid PULL LEFT: the block on his right follows him left"},
	tPullGoalRight:    {ID: "pull-right-moves-goal", Kind: coverage.Branch, Doc: "docs/tower.md R-T11", What: "PULL RIGHT pulls G: Walking Goal"},
	tPullGoalLeft:     {ID: "pull-left-moves-goal", Kind: coverage.Branch, Doc: "docs/tower.md R-T11", What: "PULL LEFT pulls G: Walking Goal"},
	tPullIce:          {ID: "pull-no-slide", Kind: coverage.Branch, Doc: "docs/tower.md R-T11", What: "a pulled block that a push would slide (ice on a block or the floor, or any block onto ice): it never slides"},
	tPullOntoNothing:  {ID: "pull-onto-nothing", Kind: coverage.Branch, Doc: "docs/tower.md R-T11", What: "a valid PULL that takes the player above an empty cell: he needs no support, and falls"},

	tFragile3:       {ID: "fragile-3-to-2", Kind: coverage.Branch, Doc: "docs/tower.md R-T12", What: "a valid MOVETO, CLIMB, GETDOWN or PULL moves the player off a fragile 3: it becomes 2"},
	tFragile2:       {ID: "fragile-2-to-1", Kind: coverage.Branch, Doc: "docs/tower.md R-T12", What: "a valid MOVETO, CLIMB, GETDOWN or PULL moves the player off a fragile 2: it becomes 1"},
	tFragile1:       {ID: "fragile-1-vanishes", Kind: coverage.Branch, Doc: "docs/tower.md R-T12", What: "a valid MOVETO, CLIMB, GETDOWN or PULL moves the player off a fragile 1: it vanishes"},
	tFragileMove:    {ID: "fragile-countdown-on-moveto", Kind: coverage.Branch, Doc: "docs/tower.md R-T12", What: "a valid MOVETO off a fragile block counts it down"},
	tFragileClimb:   {ID: "fragile-countdown-on-climb", Kind: coverage.Branch, Doc: "docs/tower.md R-T12", What: "a valid CLIMB off a fragile block counts it down"},
	tFragileDown:    {ID: "fragile-countdown-on-getdown", Kind: coverage.Branch, Doc: "docs/tower.md R-T12", What: "a valid GETDOWN off a fragile block counts it down"},
	tFragilePull:    {ID: "fragile-countdown-on-pull", Kind: coverage.Branch, Doc: "docs/tower.md R-T12", What: "a valid PULL off a fragile block counts it down"},
	tFragilePush:    {ID: "fragile-kept-on-push", Kind: coverage.Branch, Doc: "docs/tower.md R-T12", What: "a valid PUSH by a player on a fragile block: no countdown, he does not move"},
	tFragileFall:    {ID: "fragile-kept-on-fall", Kind: coverage.Branch, Doc: "docs/tower.md R-T12", What: "the automatic steps take the player off the fragile block he stood on (it fell or vanished, he fell): no countdown"},
	tFragileInvalid: {ID: "fragile-kept-on-invalid", Kind: coverage.Branch, Doc: "docs/tower.md R-T12", What: "an invalid command by a player on a fragile block: no countdown"},

	tStartUnstable: {ID: "start-unstable", Kind: coverage.Branch, Doc: "docs/tower.md R-T3", What: "a layout the automatic steps would change (a block on a B, a block or the player with nothing under): none runs before the first command"},
	tStartOnGoal:   {ID: "start-on-goal", Kind: coverage.Branch, Doc: "docs/tower.md R-T3", What: "the player starts on G: Cleared before any command"},
	tStartOnB:      {ID: "start-on-b", Kind: coverage.Branch, Doc: "docs/tower.md R-T3", What: "the player starts on a B: Death by Hole before any command"},

	tAfterIgnored:      {ID: "automatic-after-invalid-command", Kind: coverage.Branch, Doc: "docs/tower.md R-T4", What: "the automatic steps after an invalid command change something"},
	tRounds:            {ID: "automatic-several-rounds", Kind: coverage.Branch, Doc: "docs/tower.md R-T13", What: "the automatic steps change something in a second round or later"},
	tVanish:            {ID: "vanish-on-b", Kind: coverage.Branch, Doc: "docs/tower.md R-T14", What: "a block on top of a B vanishes"},
	tVanishStack:       {ID: "vanish-stack-on-b", Kind: coverage.Branch, Doc: "docs/tower.md R-T14", What: "a round starts with a block on a B on a B: both upper blocks vanish together"},
	tVanishGoal:        {ID: "vanish-goal-on-b", Kind: coverage.Branch, Doc: "docs/tower.md R-T14", What: "G on top of a B vanishes"},
	tVanishFixed:       {ID: "vanish-c-on-b", Kind: coverage.Branch, Doc: "docs/tower.md R-T14", What: "a C on top of a B vanishes"},
	tVanishTop:         {ID: "vanish-on-top-level", Kind: coverage.Boundary, Doc: "docs/tower.md R-T14", What: "a block on the top level vanishes on a B on level n - 1"},
	tPlayerFalls:       {ID: "player-falls", Kind: coverage.Branch, Doc: "docs/tower.md R-T15", What: "the player falls"},
	tPlayerFallsFar:    {ID: "player-falls-several-levels", Kind: coverage.Branch, Doc: "docs/tower.md R-T15", What: "the player falls two levels or more in one step"},
	tBlocksFall:        {ID: "block-falls", Kind: coverage.Branch, Doc: "docs/tower.md R-T16", What: "a block falls"},
	tFallToLevel1:      {ID: "block-falls-to-level-1", Kind: coverage.Branch, Doc: "docs/tower.md R-T16", What: "a falling block stops on level 1"},
	tFallDiagonal:      {ID: "block-fall-stops-diagonally", Kind: coverage.Branch, Doc: "docs/tower.md R-T16", What: "a falling block stops above an empty cell, held by a block at its lower left or lower right"},
	tFallFar:           {ID: "block-falls-several-levels", Kind: coverage.Branch, Doc: "docs/tower.md R-T16", What: "a block falls two levels or more before the next block is examined"},
	tFallFromTop:       {ID: "block-falls-from-top-level", Kind: coverage.Boundary, Doc: "docs/tower.md R-T16", What: "a block on the top level falls: levels 2 to n are scanned"},
	tFallFirstColumn:   {ID: "block-falls-in-column-1", Kind: coverage.Boundary, Doc: "docs/tower.md R-T16", What: "a block in column 1 falls, its lower left outside the tower"},
	tFallLastColumn:    {ID: "block-falls-in-column-m", Kind: coverage.Boundary, Doc: "docs/tower.md R-T16", What: "a block in column m falls, its lower right outside the tower"},
	tFallFixed:         {ID: "block-falls-c", Kind: coverage.Branch, Doc: "docs/tower.md R-T16", What: "a C falls"},
	tFallGoal:          {ID: "block-falls-goal", Kind: coverage.Branch, Doc: "docs/tower.md R-T16", What: "G falls"},
	tFallDimension:     {ID: "block-falls-b", Kind: coverage.Branch, Doc: "docs/tower.md R-T16", What: "a B falls"},
	tFallIntoPlayer:    {ID: "block-falls-into-player", Kind: coverage.Branch, Doc: "docs/tower.md R-T16", What: "a falling block stops in the player's cell"},
	tFallThroughPlayer: {ID: "block-falls-through-player", Kind: coverage.Branch, Doc: "docs/tower.md R-T16", What: "a falling block passes through the player's cell and stops below him"},
	tFallAway:          {ID: "player-falls-away-from-block", Kind: coverage.Branch, Doc: "docs/tower.md R-T18", What: "a block stops in the player's cell and he falls away from it in a later round: no Death by Block"},

	tCleared:           {ID: "result-cleared", Kind: coverage.Branch, Doc: "docs/tower.md R-T18", What: "a dataset ends Cleared"},
	tHole:              {ID: "result-death-by-hole", Kind: coverage.Branch, Doc: "docs/tower.md R-T18", What: "a dataset ends Death by Hole"},
	tBlock:             {ID: "result-death-by-block", Kind: coverage.Branch, Doc: "docs/tower.md R-T18", What: "a dataset ends Death by Block"},
	tWalking:           {ID: "result-death-by-walking-goal", Kind: coverage.Branch, Doc: "docs/tower.md R-T18", What: "a dataset ends Death by Walking Goal"},
	tGaveUp:            {ID: "result-gave-up", Kind: coverage.Branch, Doc: "docs/tower.md R-T5", What: "a dataset ends Gave Up"},
	tOverAfterAction:   {ID: "over-after-action", Kind: coverage.Branch, Doc: "docs/tower.md R-T4", What: "the check right after an action ends the game"},
	tOverAfterSteps:    {ID: "over-after-automatic-steps", Kind: coverage.Branch, Doc: "docs/tower.md R-T4", What: "the check after the automatic steps ends the game"},
	tCheckBeforeSteps:  {ID: "check-before-automatic-steps", Kind: coverage.Branch, Doc: "docs/tower.md R-T4", What: "the check right after an action ends the game, and the automatic steps would have given another result or none"},
	tClearedAndWalking: {ID: "check-cleared-and-walking-goal", Kind: coverage.Branch, Doc: "docs/tower.md R-T18", What: "a check finds (A) and (D): the player on a goal that moved, Cleared"},
	tHoleAndWalking:    {ID: "check-hole-and-walking-goal", Kind: coverage.Branch, Doc: "docs/tower.md R-T18", What: "a check finds (B) and (D): Death by Hole"},
	tBlockAndWalking:   {ID: "check-block-and-walking-goal", Kind: coverage.Branch, Doc: "docs/tower.md R-T18", What: "a check finds (C) and (D): Death by Block"},
	tGoalGone:          {ID: "goal-gone", Kind: coverage.Branch, Doc: "docs/tower.md R-T18", What: "a check finds no G left in the tower: it vanished on a B or left the tower"},
	tAfterEnd:          {ID: "commands-after-end", Kind: coverage.Branch, Doc: "docs/tower.md R-T5", What: "commands after game over, read and ignored"},

	tTower3x3:          {ID: "tower-3x3", Kind: coverage.Boundary, Doc: "docs/tower.md Limits", What: "a tower of 3 levels and 3 columns, the smallest"},
	tHeight3:           {ID: "tower-height-3", Kind: coverage.Boundary, Doc: "docs/tower.md Limits", What: "a tower of 3 levels"},
	tWidth3:            {ID: "tower-width-3", Kind: coverage.Boundary, Doc: "docs/tower.md Limits", What: "a tower of 3 columns"},
	tHeight50:          {ID: "tower-height-50", Kind: coverage.Boundary, Doc: "docs/tower.md Limits", What: "a tower of 50 levels"},
	tWidth50:           {ID: "tower-width-50", Kind: coverage.Boundary, Doc: "docs/tower.md Limits", What: "a tower of 50 columns"},
	tTower50x50:        {ID: "tower-50x50", Kind: coverage.Boundary, Doc: "docs/tower.md Limits", What: "a tower of 50 levels and 50 columns, the largest"},
	tPlayerTop:         {ID: "player-on-top-level", Kind: coverage.Boundary, Doc: "docs/tower.md R-T2", What: "the player on level n at the start or after a command"},
	tPlayerBottom:      {ID: "player-on-level-1", Kind: coverage.Boundary, Doc: "docs/tower.md R-T2", What: "the player on level 1 at the start or after a command"},
	tPlayerFirstColumn: {ID: "player-in-column-1", Kind: coverage.Boundary, Doc: "docs/tower.md R-T2", What: "the player in column 1 at the start or after a command"},
	tPlayerLastColumn:  {ID: "player-in-column-m", Kind: coverage.Boundary, Doc: "docs/tower.md R-T2", What: "the player in column m at the start or after a command"},
	tNoCommands:        {ID: "commands-zero", Kind: coverage.Boundary, Doc: "docs/tower.md R-T5", What: "a dataset with T = 0: Gave Up unless the start ends the game"},
	tLongGame:          {ID: "long-game", Kind: coverage.Boundary, Doc: "docs/tower.md Limits", What: "a dataset of at least 10000 commands (the statement does not limit T)"},
	tManyCommands:      {ID: "many-commands", Kind: coverage.Boundary, Doc: "docs/tower.md Limits", What: "an input of at least 100000 commands over its datasets"},
	tManyDatasets:      {ID: "many-datasets", Kind: coverage.Boundary, Doc: "docs/tower.md Limits", What: "an input of at least 200 datasets (the statement does not limit them)"},

	tFormSplit:          {ID: "form-split", Kind: coverage.Form, Doc: formsDoc, What: "a line holds fewer tokens than the canonical layout puts on it: n and m, a command and its argument, 0 and 0 or a row's characters on two lines"},
	tFormRuns:           {ID: "form-runs", Kind: coverage.Form, Doc: formsDoc, What: "runs of blanks between tokens, or blank lines"},
	tFormTabs:           {ID: "form-tabs", Kind: coverage.Form, Doc: formsDoc, What: "a tab between tokens or between a row's characters"},
	tFormOtherSpace:     {ID: "form-other-space", Kind: coverage.Form, Doc: formsDoc, What: "a vertical tab or a form feed, the rarest of C's whitespace"},
	tFormCRLF:           {ID: "form-crlf", Kind: coverage.Form, Doc: formsDoc, What: "a \\r before a line end (\\r\\n line ends)"},
	tFormNoFinalNewline: {ID: "form-no-final-newline", Kind: coverage.Form, Doc: formsDoc, What: "the last line without its line end"},
	tFormRowBlanks:      {ID: "form-row-blanks", Kind: coverage.Form, Doc: "docs/tower.md R-T1", What: "whitespace between two characters of a row, which is its next m non-blank characters"},
}

// TowerSituations is tower's catalogue of situations, in its order: the bits of a
// TowerReach.
func TowerSituations() []coverage.Situation { return slices.Clone(towerSituations[:]) }

// TowerReach is the set of tower's situations that a valid input reaches, as ref plays it
// (ref.TowerRules), in one pass of its play, and the forms its bytes are written in
// (towerForms). An input ref rejects reaches nothing.
func TowerReach(input []byte) coverage.Set {
	var w towerWatch
	if _, err := ref.TowerRules(input, w.see); err != nil {
		return coverage.Set{}
	}
	w.endDataset()
	if w.datasets >= towerManyDatasets {
		w.r.Add(tManyDatasets)
	}
	if w.commands >= towerManyCommands {
		w.r.Add(tManyCommands)
	}
	return w.r.Union(towerForms(input))
}

// towerForms is the forms a valid input shows (docs/rules.md, "Input is a stream of
// tokens"): those its bytes show, as testcase.FormsIn finds them (this package cannot
// import testcase, which imports it: a test holds the two to each other), and, by a
// reading of its tokens in the input's order, a split (a line holding fewer tokens than
// the canonical layout puts on it) and tower's own, blanks inside a row (R-T1).
func towerForms(input []byte) coverage.Set {
	var r coverage.Set
	add := func(cond bool, i int) {
		if cond {
			r.Add(i)
		}
	}
	for i, f := 0, formsShown(input); f != 0; i, f = i+1, f>>1 {
		add(f&1 != 0, tFormRuns+i)
	}
	split, blanks := towerLayout(input)
	add(split, tFormSplit)
	add(blanks, tFormRowBlanks)
	return r
}

// towerLayout reads a valid input's tokens in order, as ref does (R-T1: a row is the
// next m non-blank characters), and reports whether the two tokens of a size line, of a
// command or of the final "0 0", or two characters of a row, lie on different lines
// (split), and whether whitespace lies between two characters of a row (blanks).
func towerLayout(input []byte) (split, blanks bool) {
	pos, line := 0, 1
	skip := func() {
		for ; pos < len(input) && isTowerBlank(input[pos]); pos++ {
			if input[pos] == '\n' {
				line++
			}
		}
	}
	token := func() (text []byte, at int) {
		skip()
		start := pos
		for pos < len(input) && !isTowerBlank(input[pos]) {
			pos++
		}
		return input[start:pos], line
	}
	// pair reads two tokens that the canonical layout puts on one line.
	pair := func() (a, b []byte) {
		a, la := token()
		b, lb := token()
		split = split || la != lb
		return a, b
	}
	for pos < len(input) {
		ns, ms := pair()
		n, m := columnOf(string(ns)), columnOf(string(ms))
		if n <= 0 || m <= 0 || n > towerMaxSide || m > towerMaxSide {
			return split, blanks // the final "0 0"
		}
		for range n {
			skip()
			rowLine := line
			for k := 0; k < m; k++ {
				from := pos
				if skip(); pos >= len(input) {
					return split, blanks
				}
				blanks = blanks || k > 0 && pos > from
				split = split || line != rowLine
				pos++
			}
		}
		ts, _ := token()
		for t := columnOf(string(ts)); t > 0 && pos < len(input); t-- {
			pair()
		}
	}
	return split, blanks
}

// isTowerBlank is C's isspace, which separates tokens.
func isTowerBlank(c byte) bool { return c == ' ' || c >= '\t' && c <= '\r' }

// The results of R-T18 as ref writes them.
const (
	towerCleared = "Game Over : Cleared"
	towerHole    = "Game Over : Death by Hole"
	towerBlock   = "Game Over : Death by Block"
	towerWalking = "Game Over : Death by Walking Goal"
	towerGaveUp  = "Game Over : Gave Up"
)

// towerWatch follows ref's play of an input (ref.TowerRules) and adds the situations
// each moment reaches to r. Each moment is judged from the tower as that moment shows it
// and from a few facts kept from the moments before, so that the play is followed once
// and nothing is copied.
type towerWatch struct {
	r        coverage.Set
	datasets int // datasets started
	commands int // commands read in the input, handled or ignored

	// The dataset being played.
	n, m   int
	hasB   bool   // the tower held a B at the start: no B ever appears later
	cmds   int    // commands read in the dataset
	result string // the result line once the game is over

	// The command being handled.
	dir     int             // +1 for RIGHT, -1 for LEFT
	side    int             // 0 for RIGHT, 1 for LEFT: the offset of a LEFT entry from its RIGHT twin
	pending [2]coverage.Set // what the command reaches if found invalid, and if carried out
	valid   bool            // it was carried out
	overNow bool            // the check right after its action ended the game
	pushed  int             // blocks its push moved so far
	py      int             // the player's level as the current round of automatic steps starts
	fragile bool            // he stood on a fragile block as the automatic steps began
	into    int             // the round in which a block stopped in his cell, 0 if none
	round   int             // the rounds done
}

// see notes what a moment of ref's play reaches.
func (w *towerWatch) see(s *ref.TowerStep) {
	switch s.Phase {
	case ref.TowerStart:
		w.start(s)
	case ref.TowerCommand:
		w.cmds++
		w.command(s)
	case ref.TowerIgnored:
		w.cmds++
		w.r.Add(tAfterEnd)
	case ref.TowerPushed:
		w.push(s)
	case ref.TowerAction:
		w.action(s)
	case ref.TowerFall:
		w.fall(s)
	case ref.TowerRound:
		w.roundDone(s)
	case ref.TowerAutomatic:
		if !w.overNow {
			// R-T4.4: the check before the next action ran on this tower.
			if w.checked(s) {
				w.r.Add(tOverAfterSteps)
			}
		}
		w.where(s)
	}
	if s.Result != "" {
		w.result = s.Result // after start, which ends the dataset before with its own
	}
}

// start notes a dataset's tower as read, and the check before its first command (R-T3).
func (w *towerWatch) start(s *ref.TowerStep) {
	w.endDataset()
	w.datasets++
	w.n, w.m = s.Size()
	w.cmds, w.result, w.hasB = 0, s.Result, false
	switch n, m := w.n, w.m; {
	case n == towerMinSide && m == towerMinSide:
		w.r.Add(tTower3x3)
	case n == towerMaxSide && m == towerMaxSide:
		w.r.Add(tTower50x50)
	}
	w.addIf(w.n == towerMinSide, tHeight3)
	w.addIf(w.m == towerMinSide, tWidth3)
	w.addIf(w.n == towerMaxSide, tHeight50)
	w.addIf(w.m == towerMaxSide, tWidth50)
	for y := 1; y <= w.n && !w.hasB; y++ {
		w.hasB = bytes.IndexByte(s.Level(y), 'B') >= 0
	}
	w.addIf(w.unstable(s), tStartUnstable)
	w.checked(s)
	switch s.Result {
	case towerCleared:
		w.r.Add(tStartOnGoal)
	case towerHole:
		w.r.Add(tStartOnB)
	}
	w.where(s)
}

// endDataset notes what the dataset played last reached as a whole: its result and its
// number of commands.
func (w *towerWatch) endDataset() {
	if w.datasets == 0 {
		return
	}
	switch w.result {
	case towerCleared:
		w.r.Add(tCleared)
	case towerHole:
		w.r.Add(tHole)
	case towerBlock:
		w.r.Add(tBlock)
	case towerWalking:
		w.r.Add(tWalking)
	case towerGaveUp:
		w.r.Add(tGaveUp)
	}
	w.addIf(w.cmds == 0, tNoCommands)
	w.addIf(w.cmds >= towerLongGame, tLongGame)
	w.commands += w.cmds
}

func (w *towerWatch) addIf(cond bool, i int) {
	if cond {
		w.r.Add(i)
	}
}

// cell is the cell at level y, column x: '.' outside the tower (R-T2), and below level 1,
// where the floor is neither G nor B nor ice; callers that need the floor's support ask
// for level 1 themselves.
func (w *towerWatch) cell(s *ref.TowerStep, y, x int) byte {
	if y < 1 || y > w.n || x < 1 || x > w.m {
		return '.'
	}
	return s.Cell(y, x)
}

func (w *towerWatch) inside(x int) bool { return x >= 1 && x <= w.m }

func isFragile(c byte) bool { return c == '1' || c == '2' || c == '3' }

// where notes the player's place at the tower's edges.
func (w *towerWatch) where(s *ref.TowerStep) {
	y, x := s.Player()
	w.addIf(y == w.n, tPlayerTop)
	w.addIf(y == 1, tPlayerBottom)
	w.addIf(x == 1, tPlayerFirstColumn)
	w.addIf(x == w.m, tPlayerLastColumn)
}

// unstable reports whether the automatic steps would change the tower as it is: a block
// on a B (R-T14), the player with nothing under him (R-T15), a block above level 1 whose
// three lower cells are empty (R-T16).
func (w *towerWatch) unstable(s *ref.TowerStep) bool {
	if y, x := s.Player(); y > 1 && s.Cell(y-1, x) == '.' {
		return true
	}
	for y := 2; y <= w.n; y++ {
		level, below := s.Level(y), s.Level(y-1)
		for x, c := range level {
			if c == '.' {
				continue
			}
			if below[x] == 'B' || below[x] == '.' && (x == 0 || below[x-1] == '.') && (x == w.m-1 || below[x+1] == '.') {
				return true
			}
		}
	}
	return false
}

// checked notes what a check of R-T18 sees on the tower as it is, two conditions that
// hold at once and a goal gone from the tower, and reports whether it ends the game.
func (w *towerWatch) checked(s *ref.TowerStep) bool {
	a, b, c, d := s.Conditions()
	if d {
		w.addIf(a, tClearedAndWalking)
		w.addIf(b, tHoleAndWalking)
		w.addIf(c, tBlockAndWalking)
		gone := true
		for y := 1; y <= w.n && gone; y++ {
			gone = bytes.IndexByte(s.Level(y), 'G') < 0
		}
		w.addIf(gone, tGoalGone)
	}
	return a || b || c || d
}

// command notes, from the tower before it, what the command about to be handled reaches
// if found invalid and if carried out: for an invalid one, the condition of its rule that
// fails while the others hold, so that a judge that forgot that one condition would
// carry it out.
func (w *towerWatch) command(s *ref.TowerStep) {
	name, arg, _ := strings.Cut(s.Op, " ")
	w.dir, w.side = 1, 0
	if arg == "LEFT" {
		w.dir, w.side = -1, 1
	}
	w.pending, w.pushed, w.valid, w.overNow = [2]coverage.Set{}, 0, false, false
	bad, good := &w.pending[0], &w.pending[1]
	y, x := s.Player()
	d, side := w.dir, x+w.dir
	switch name {
	case "MOVETO":
		w.moveTo(s, columnOf(arg))
	case "CLIMB":
		top, in, block := y == w.n, w.inside(side), w.cell(s, y, side) != '.'
		above, aboveSide := w.cell(s, y+1, x) == '.', w.cell(s, y+1, side) == '.'
		switch {
		case top && block:
			bad.Add(tClimbTopRight + w.side)
		case !top && !in && above:
			bad.Add(tClimbOutsideRight + w.side)
		case !top && in && !block && above && aboveSide:
			bad.Add(tClimbSideEmptyRight + w.side)
		case !top && block && !above && aboveSide:
			bad.Add(tClimbAboveRight + w.side)
		case !top && block && above && !aboveSide:
			bad.Add(tClimbAboveSideRight + w.side)
		}
		good.Add(tClimbRight + w.side)
		if y+1 == w.n {
			good.Add(tClimbToTop)
		}
		if y > 1 && s.Cell(y-1, x) == '.' {
			good.Add(tClimbUnsupported)
		}
		if block && w.cell(s, y, side) != '#' {
			good.Add(tClimbOntoKind)
		}
	case "GETDOWN":
		low, in := y < 2, w.inside(side)
		free, belowFree := w.cell(s, y, side) == '.', w.cell(s, y-1, side) == '.'
		switch {
		case low && in && free:
			bad.Add(tDownLevel1Right + w.side)
		case !low && !in:
			bad.Add(tDownOutsideRight + w.side)
		case !low && in && !free && belowFree:
			bad.Add(tDownSideRight + w.side)
		case !low && in && free && !belowFree:
			bad.Add(tDownBelowSideRight + w.side)
		}
		good.Add(tDownRight + w.side)
		if y == 2 {
			good.Add(tDownToLevel1)
		} else if w.cell(s, y-2, side) == '.' {
			good.Add(tDownOntoNothing)
		}
	case "PUSH":
		end, fixed := side, false
		for w.inside(end) && s.Cell(y, end) != '.' {
			fixed = fixed || s.Cell(y, end) == 'C'
			end += d
		}
		switch {
		case end == side:
			bad.Add(tPushEmptyRight + w.side)
		case fixed:
			bad.Add(tPushFixedRight + w.side)
		}
		good.Add(tPushRight + w.side)
	case "PULL":
		from, to := x-d, x+d
		pulled := w.cell(s, y, from)
		toFree := w.inside(to) && s.Cell(y, to) == '.'
		movable := pulled != '.' && pulled != 'C'
		switch {
		case pulled == 'C' && toFree:
			bad.Add(tPullFixedRight + w.side)
		case pulled == '.' && toFree:
			bad.Add(tPullNoBlockRight + w.side)
		case movable && !w.inside(to):
			bad.Add(tPullOutsideRight + w.side)
		case movable && w.inside(to) && !toFree:
			bad.Add(tPullBlockedRight + w.side)
		}
		good.Add(tPullRight + w.side)
		if pulled == 'G' {
			good.Add(tPullGoalRight + w.side)
		}
		under := w.cell(s, y-1, x)
		if pulled == 'I' && (y == 1 || under != '.') || under == 'I' {
			good.Add(tPullIce)
		}
		if y > 1 && w.cell(s, y-1, to) == '.' {
			good.Add(tPullOntoNothing)
		}
	}
	// R-T12: what becomes of a fragile block under him.
	if under := w.cell(s, y-1, x); isFragile(under) {
		bad.Add(tFragileInvalid)
		if name == "PUSH" {
			good.Add(tFragilePush)
		} else {
			good.Add(tFragile3 + int('3'-under))
			switch name {
			case "MOVETO":
				good.Add(tFragileMove)
			case "CLIMB":
				good.Add(tFragileClimb)
			case "GETDOWN":
				good.Add(tFragileDown)
			case "PULL":
				good.Add(tFragilePull)
			}
		}
	}
}

// moveTo is command's MOVETO to column col.
func (w *towerWatch) moveTo(s *ref.TowerStep, col int) {
	bad, good := &w.pending[0], &w.pending[1]
	y, x := s.Player()
	if col <= math.MinInt32 || col >= math.MaxInt32 {
		bad.Add(tMoveExtreme)
	}
	if col == 0 || col == w.m+1 {
		bad.Add(tMoveJustOutside)
	}
	switch {
	case col < 1 || col > w.m:
		bad.Add(tMoveOutside)
		return
	case col == x:
		bad.Add(tMoveOwnColumn)
		return
	}
	lo, hi := min(x, col), max(x, col)
	supported, overB, kinds, past := true, false, false, false
	for k := lo; k <= hi && y > 1; k++ {
		switch c := s.Cell(y-1, k); c {
		case '.':
			supported = false
		case 'B':
			overB = overB || k != col
		case '#':
		default:
			kinds = true
		}
	}
	for k := lo + 1; k < hi; k++ {
		past = past || s.Cell(y, k) != '.'
	}
	occupied := s.Cell(y, col) != '.'
	switch {
	case occupied && supported:
		bad.Add(tMoveOccupied)
	case !occupied && !supported:
		bad.Add(tMoveNoSupport)
		if s.Cell(y-1, x) == '.' {
			bad.Add(tMoveFloating)
		}
	}
	if y == 1 {
		good.Add(tMoveLevel1)
	} else {
		good.Add(tMoveSupported)
		if kinds {
			good.Add(tMoveOverKinds)
		}
		if overB {
			good.Add(tMoveOverB)
		}
		if s.Cell(y-1, col) == 'B' {
			good.Add(tMoveOntoB)
		}
	}
	if past {
		good.Add(tMovePastBlock)
	}
	switch col {
	case 1:
		good.Add(tMoveToFirst)
	case w.m:
		good.Add(tMoveToLast)
	}
}

// columnOf reads MOVETO's column as ref does (an optional sign, then digits), saturated
// to the int range: ref keeps a column too large for an int outside 1..m, as saturation
// does. Anything else is 0, outside 1..m too; ref refuses it before it is handled.
func columnOf(arg string) int {
	digits := strings.TrimLeft(arg, "+-")
	neg := len(arg) > len(digits) && arg[0] == '-'
	v := 0
	for i := 0; i < len(digits); i++ {
		c := digits[i]
		if c < '0' || c > '9' {
			return 0
		}
		if v > (math.MaxInt-9)/10 {
			v = math.MaxInt
			continue
		}
		v = v*10 + int(c-'0')
	}
	if neg {
		return -v
	}
	return v
}

// push notes a pushed block that has finished its movement (R-T9, R-T10).
func (w *towerWatch) push(s *ref.TowerStep) {
	mv := s.Move
	y, step, to := mv.Step[0], mv.Step[1], mv.To[1]
	w.pushed++
	w.addIf(w.pushed == 2, tPushChain)
	w.addIf(mv.Kind == 'G', tPushGoalRight+w.side)
	w.addIf(mv.Kind == 'B', tPushDimension)
	if !w.inside(step) {
		w.r.Add(tPushOffRight + w.side)
		return
	}
	if to != step {
		w.addIf(!w.inside(to), tPushSlideOutRight+w.side)
		w.addIf(mv.Kind == 'I', tPushIceRight+w.side)
		w.addIf(mv.Kind != 'I', tPushOnIceRight+w.side)
		w.addIf(mv.Kind == 'I' && y == 1, tPushIceFloor)
	}
	if !w.inside(to) {
		return
	}
	under := w.cell(s, y-1, to)
	ahead := w.cell(s, y, to+w.dir)
	slides := mv.Kind == 'I' && (y == 1 || under != '.') || under == 'I' // R-T10 (a)
	w.addIf(slides && ahead != '.', tPushSlideStopped)
	w.addIf(mv.Kind == 'I' && y > 1 && under == '.', tPushIceOverGap)
	w.addIf(mv.Kind != 'I' && y == 1 && ahead == '.', tPushLevel1Stays)
}

// action notes the command found invalid or carried out, and the check right after it
// (R-T4.1, R-T4.2).
func (w *towerWatch) action(s *ref.TowerStep) {
	w.valid = s.Valid
	w.r = w.r.Union(w.pending[btoi(s.Valid)])
	w.where(s)
	if w.overNow = w.checked(s); w.overNow {
		w.r.Add(tOverAfterAction)
		// The game ends on this tower; the automatic steps, which R-T4 puts after the
		// check, would have played on. Settled plays them on a copy, once a dataset.
		a, b, c, _ := s.Conditions()
		result := towerWalking
		switch {
		case a:
			result = towerCleared
		case b:
			result = towerHole
		case c:
			result = towerBlock
		}
		if _, settled := s.Settled(); settled != result {
			w.r.Add(tCheckBeforeSteps)
		}
		return
	}
	py, px := s.Player()
	w.py, w.round, w.into = py, 0, 0
	w.fragile = isFragile(w.cell(s, py-1, px))
	w.stack(s)
}

// stack notes, as a round of automatic steps starts, a block on a B on a B, which R-T14
// removes with the B under it, and a block of the top level on a B, which it removes.
func (w *towerWatch) stack(s *ref.TowerStep) {
	if !w.hasB {
		return
	}
	below, top := s.Level(w.n-1), s.Level(w.n)
	for x := range below {
		if below[x] == 'B' && top[x] != '.' {
			w.r.Add(tVanishTop)
		}
	}
	for y := 1; y+2 <= w.n; y++ {
		level := s.Level(y)
		for x := bytes.IndexByte(level, 'B'); x >= 0; {
			if s.Cell(y+1, x+1) == 'B' && s.Cell(y+2, x+1) != '.' {
				w.r.Add(tVanishStack)
				return
			}
			next := bytes.IndexByte(level[x+1:], 'B')
			if next < 0 {
				break
			}
			x += next + 1
		}
	}
}

// fall notes a block that fell (R-T16).
func (w *towerWatch) fall(s *ref.TowerStep) {
	mv := s.Move
	from, to, x := mv.From[0], mv.To[0], mv.To[1]
	py, px := s.Player()
	w.r.Add(tBlocksFall)
	w.addIf(to == 1, tFallToLevel1)
	w.addIf(to > 1 && s.Cell(to-1, x) == '.', tFallDiagonal)
	w.addIf(from-to >= 2, tFallFar)
	w.addIf(from == w.n, tFallFromTop)
	w.addIf(x == 1, tFallFirstColumn)
	w.addIf(x == w.m, tFallLastColumn)
	switch mv.Kind {
	case 'C':
		w.r.Add(tFallFixed)
	case 'G':
		w.r.Add(tFallGoal)
	case 'B':
		w.r.Add(tFallDimension)
	}
	if x == px {
		if to == py {
			w.r.Add(tFallIntoPlayer)
			w.into = w.round + 1
		}
		w.addIf(from > py && to < py, tFallThroughPlayer)
	}
}

// roundDone notes a round of automatic steps (R-T13 to R-T15).
func (w *towerWatch) roundDone(s *ref.TowerStep) {
	r := s.Round
	py, _ := s.Player()
	changed := r.Vanished != "" || r.Fell || r.BlocksFell
	w.addIf(changed && r.Number >= 2, tRounds)
	w.addIf(changed && !w.valid, tAfterIgnored)
	if r.Vanished != "" {
		w.r.Add(tVanish)
		w.addIf(strings.IndexByte(r.Vanished, 'G') >= 0, tVanishGoal)
		w.addIf(strings.IndexByte(r.Vanished, 'C') >= 0, tVanishFixed)
	}
	if r.Fell {
		w.r.Add(tPlayerFalls)
		w.addIf(w.py-py >= 2, tPlayerFallsFar)
		w.addIf(w.fragile, tFragileFall)
		w.addIf(w.into > 0 && w.into < r.Number, tFallAway)
	}
	w.py, w.round = py, r.Number
	if changed {
		w.stack(s) // the tower the next round starts from
	}
}

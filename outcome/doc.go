// Package outcome is what a run, a hunt and a judging produce: the verdicts, the runs and
// their divergences, a hunt's summary and findings, a test set's judgements. Package engine
// produces these values; report and the CLI's -json present them, and their JSON is the
// -json schema. It holds data and what can be read off it alone, never how a hunt runs.
package outcome

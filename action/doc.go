// Package action holds the GitHub Action's script (gate.sh) and its test.
package action

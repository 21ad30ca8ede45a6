module gamediff

go 1.26.0

require (
	github.com/aymanbagabas/go-udiff v0.4.1
	github.com/leanovate/gopter v0.2.11
	golang.org/x/sync v0.24.0
	golang.org/x/sys v0.49.0
	golang.org/x/term v0.47.0
)

module gamediff

go 1.26.0

require (
	github.com/aymanbagabas/go-udiff v0.4.1 // indirect
	github.com/google/go-cmp v0.7.0 // indirect
	github.com/leanovate/gopter v0.2.11 // indirect
	golang.org/x/sync v0.24.0 // indirect
	golang.org/x/sys v0.49.0 // indirect
	golang.org/x/term v0.47.0 // indirect
)

package gen

// rulingSet is a set of rulings of one game: bit i is entry i of the game's table.
type rulingSet uint64

func (s rulingSet) ids(table []Ruling) []string {
	var out []string
	for i, r := range table {
		if s&(1<<i) != 0 {
			out = append(out, r.ID)
		}
	}
	return out
}

func bit(i int) rulingSet { return 1 << i }

// Placeholder: the face/render benchmarks live here.
func benchSVG(count: Int) {}
func benchTerminal(count: Int) {}

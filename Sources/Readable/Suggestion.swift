/// Names longer than this get no "did you mean": a script controls both the name and
/// the candidates, and comparing a 20,000-letter name with 2,000 names cost seconds.
let maxSuggestedLength = 64

/// `" (did you mean 'x'?)"` for the closest name within two edits, else "".
///
/// The work is bounded whatever a script passes: a long word gets no suggestion,
/// candidates whose length differs by more than two are skipped unread, and the edit
/// distance only looks at the band of two edits around the diagonal.
public func suggestion(_ word: String, _ candidates: [String]) -> String {
  let w = Array(word.unicodeScalars.prefix(maxSuggestedLength + 1))
  guard w.count <= maxSuggestedLength else { return "" }
  var best: (String, Int)?
  for c in candidates where c.utf8.count <= 4 * (maxSuggestedLength + 2) {
    let limit = min(2, (best?.1 ?? 3) - 1)
    guard limit >= 0 else { break }
    let y = Array(c.unicodeScalars)
    guard abs(y.count - w.count) <= limit, let d = editDistance(w, y, atMost: limit) else {
      continue
    }
    best = (c, d)
  }
  return best.map { " (did you mean '\($0.0)'?)" } ?? ""
}

/// Levenshtein distance between `x` and `y` if it is at most `limit`, else nil; costs
/// O(length × limit): cells more than `limit` off the diagonal cannot be within it.
func editDistance(_ x: [Unicode.Scalar], _ y: [Unicode.Scalar], atMost limit: Int) -> Int? {
  guard abs(x.count - y.count) <= limit else { return nil }
  if x.isEmpty || y.isEmpty { return max(x.count, y.count) }
  let far = limit + 1  // stands for "more than limit"
  var previous = (0...y.count).map { min($0, far) }
  var current = [Int](repeating: far, count: y.count + 1)
  for i in 1...x.count {
    let lo = max(1, i - limit), hi = min(y.count, i + limit)
    current[0] = min(i, far)
    if lo > 1 { current[lo - 1] = far }
    var rowBest = current[0]
    for j in lo...hi {
      let cost = x[i - 1] == y[j - 1] ? 0 : 1
      current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost, far)
      rowBest = min(rowBest, current[j])
    }
    if hi < y.count { current[hi + 1] = far }
    if rowBest > limit { return nil }
    swap(&previous, &current)
  }
  return previous[y.count] <= limit ? previous[y.count] : nil
}

/// Up to `count` of `candidates` nearest to `word`, nearest first (ties in the candidates'
/// order), each at most a third of the word's length in edits (two at least): a list of
/// closest names helps where one "did you mean" would guess (`dodgerblu`: dodgerblue;
/// `darkbrown`: darkorange, saddlebrown, …). Bounded as `suggestion` is.
public func nearest(_ word: String, _ candidates: [String], count: Int = 3) -> [String] {
  let w = Array(word.lowercased().unicodeScalars.prefix(maxSuggestedLength + 1))
  guard w.count <= maxSuggestedLength, count > 0 else { return [] }
  let limit = max(2, w.count / 3)
  var found: [(name: String, distance: Int, order: Int)] = []
  for (i, c) in candidates.enumerated() where c.utf8.count <= 4 * (maxSuggestedLength + 2) {
    guard let d = editDistance(w, Array(c.unicodeScalars), atMost: limit) else { continue }
    found.append((c, d, i))
  }
  found.sort { ($0.distance, $0.order) < ($1.distance, $1.order) }
  return found.prefix(count).map(\.name)
}

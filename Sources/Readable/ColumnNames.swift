/// A data column as a message names it: its name, or for a column with no name (R's
/// write.csv names its row names' column "") its place among `header`'s columns,
/// `column 1 (no name)`.
public func columnName(_ name: String, in header: [String]) -> String {
  guard name.isEmpty else { return name }
  return (header.firstIndex(of: "").map { "column \($0 + 1)" } ?? "a column") + " (no name)"
}

/// `header`'s columns as a list names them (`columnName`).
public func columnNames(_ header: [String]) -> [String] {
  header.enumerated().map { $0.element.isEmpty ? "column \($0.offset + 1) (no name)" : $0.element }
}

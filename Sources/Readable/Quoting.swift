/// At most the first 40 characters of `s`, quoted: a message must not carry a megabyte.
package func quotedPrefix(_ s: String) -> String {
  s.count <= 40 ? "'\(s)'" : "'\(s.prefix(40))…'"
}

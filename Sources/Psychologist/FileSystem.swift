import Glibc

/// A failure to read or write a file, with the path and the system's reason.
public struct FileError: Error, CustomStringConvertible, Sendable {
  /// The path involved.
  public var path: String
  /// Why, in words.
  public var reason: String
  /// `cannot write out/x.svg: Permission denied`.
  public var description: String { "\(path): \(reason)" }
  /// An error for `path` from the current errno.
  static func errno(_ path: String) -> FileError {
    FileError(path: path, reason: String(cString: strerror(Glibc.errno)))
  }
}

/// Small file-system operations on top of libc (no Foundation: start-up time matters).
public enum FileSystem {
  /// The whole file as bytes.
  public static func read(_ path: String) throws(FileError) -> [UInt8] {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw .errno(path) }
    defer { close(fd) }
    var st = stat()
    if fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFDIR {
      throw FileError(path: path, reason: "is a directory")
    }
    var out: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
      let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, 65536) }
      if n < 0 {
        if Glibc.errno == EINTR { continue }
        throw .errno(path)
      }
      if n == 0 { break }
      out.append(contentsOf: chunk[0..<n])
    }
    return out
  }

  /// Writes `bytes` to `path` atomically: readers see the old file or the whole new one,
  /// never half of it. The bytes go to a temporary file beside it, which then takes the
  /// name: by a hard link when the name is new (on ext4 a rename costs several times a
  /// plain create, a link barely more), else by a rename. A symlink in the way is refused.
  public static func writeAtomically(_ path: String, _ bytes: [UInt8]) throws(FileError) {
    let dir = directory(of: path)
    var template = Array(((dir == "" ? "" : dir + "/") + ".psychologist-XXXXXX").utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard fd >= 0 else { throw .errno(path) }
    let tmp = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    defer { unlink(tmp) }
    let ok = bytes.withUnsafeBytes { writeAll(fd, $0) } && fchmod(fd, 0o644) == 0
    let savedErrno = Glibc.errno
    close(fd)
    guard ok else { throw FileError(path: path, reason: String(cString: strerror(savedErrno))) }
    if link(tmp, path) == 0 { return }
    var st = stat()
    if lstat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFLNK {
      throw FileError(path: path, reason: "is a symlink; refusing to write through it")
    }
    guard rename(tmp, path) == 0 else { throw .errno(path) }
  }

  /// Writes everything, retrying short writes and interruptions.
  static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let n = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
      if n < 0 {
        if Glibc.errno == EINTR { continue }
        return false
      }
      offset += n
    }
    return true
  }

  /// The folder part of a path ("" for a bare name).
  public static func directory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "" }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// Whether a path exists and is a folder.
  public static func isDirectory(_ path: String) -> Bool {
    var st = stat()
    return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
  }

  /// Whether anything exists at a path.
  public static func exists(_ path: String) -> Bool {
    var st = stat()
    return lstat(path, &st) == 0
  }

  /// Modification time in nanoseconds, nil when the file is missing.
  public static func modificationTime(_ path: String) -> Int? {
    var st = stat()
    guard stat(path, &st) == 0 else { return nil }
    return st.st_mtim.tv_sec * 1_000_000_000 + st.st_mtim.tv_nsec + Int(st.st_size) &* 31
  }

  /// The names in a folder, sorted, without `.` and `..`.
  public static func list(_ path: String) throws(FileError) -> [String] {
    guard let d = opendir(path) else { throw .errno(path) }
    defer { closedir(d) }
    var names: [String] = []
    while let entry = readdir(d) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names.sorted()
  }

  /// The canonical absolute path (symlinks resolved), nil if it does not exist.
  public static func realPath(_ path: String) -> String? {
    guard let p = realpath(path, nil) else { return nil }
    defer { free(p) }
    return String(cString: p)
  }

  /// Creates a folder and its parents.
  public static func makeDirectories(_ path: String) throws(FileError) {
    if isDirectory(path) { return }
    let parent = directory(of: path)
    if !parent.isEmpty && parent != path { try makeDirectories(parent) }
    if mkdir(path, 0o755) != 0 && Glibc.errno != EEXIST { throw .errno(path) }
  }

  /// The path of `name` inside `root` (see `OutputDirectory`).
  public static func pathInside(_ root: String, _ name: String) throws(FileError) -> String {
    try OutputDirectory(root).path(for: name)
  }
}

/// An output directory: names inside it become paths, refusing anything that would land
/// outside (absolute paths, `..`, symlinks that lead out). Resolves the root once.
public struct OutputDirectory: Sendable {
  /// The root as given.
  public let root: String
  let realRoot: String

  /// The directory at `root`, which must exist.
  public init(_ root: String) throws(FileError) {
    guard let real = FileSystem.realPath(root) else {
      throw FileError(path: root, reason: "the output directory does not exist")
    }
    self.root = root
    realRoot = real
  }

  func inside(_ real: String) -> Bool {
    real == realRoot || real.hasPrefix(realRoot == "/" ? "/" : realRoot + "/")
  }

  /// The path of `name` inside the root, creating missing folders inside it. (A symlink
  /// at the name itself is refused when the file is written.)
  public func path(for name: String) throws(FileError) -> String {
    guard !name.isEmpty else { throw FileError(path: name, reason: "an empty name") }
    // C would end the path at a NUL and write somewhere other than what was checked.
    guard !name.utf8.contains(0) else { throw FileError(path: name, reason: "a NUL in the name") }
    guard !name.hasPrefix("/") else {
      throw FileError(
        path: name, reason: "absolute paths are refused; name a file inside the output directory")
    }
    let parts = name.split(separator: "/", omittingEmptySubsequences: true)
    guard !parts.contains(where: { $0 == ".." }) else {
      throw FileError(
        path: name, reason: "'..' is refused; name a file inside the output directory")
    }
    // Walk the folders one by one: each must resolve inside the root before anything is
    // created below it.
    var dir = root
    for part in parts.dropLast() {
      dir += "/" + part
      if FileSystem.exists(dir) {
        guard let real = FileSystem.realPath(dir), inside(real) else {
          throw FileError(
            path: name, reason: "leads outside the output directory (through a symlink)")
        }
        guard FileSystem.isDirectory(dir) else {
          throw FileError(path: name, reason: "'\(dir)' is not a folder")
        }
      } else if mkdir(dir, 0o755) != 0 {
        throw .errno(dir)
      }
    }
    return root == "." ? parts.joined(separator: "/") : root + "/" + parts.joined(separator: "/")
  }
}

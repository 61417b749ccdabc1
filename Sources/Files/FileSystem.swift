import Glibc

/// A failure to read or write a file, with the path and the system's reason.
public struct FileError: Error, CustomStringConvertible, Sendable {
  /// The path involved.
  public var path: String
  /// Why, in words.
  public var reason: String
  /// `out/x.svg: Permission denied`.
  public var description: String { "\(path): \(reason)" }
  /// An error for `path`, for `reason`.
  package init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }
  /// An error for `path` from the current errno.
  package static func errno(_ path: String) -> FileError { errno(path, Glibc.errno) }
  /// An error for `path` from a saved errno (calls made since may have changed errno).
  package static func errno(_ path: String, _ code: Int32) -> FileError {
    FileError(path: path, reason: String(cString: strerror(code)))
  }
}

/// Small file-system operations on top of libc (no Foundation: start-up time matters).
public enum FileSystem {
  /// The largest script, plugin or module read (a script is text a person wrote; anything
  /// larger is a mistake or an attack, and is read whole into memory).
  public static let maxScriptBytes = 16 << 20

  /// The whole of a regular file as bytes, at most `limit` of them. Opened without waiting
  /// (`O_NONBLOCK`: a FIFO named like a script would otherwise block before any time limit
  /// runs) and refused unless it is a regular file (a FIFO, a device such as /dev/zero, a
  /// folder) or when larger than `limit`.
  public static func read(_ path: String, limit: Int = maxScriptBytes) throws(FileError)
    -> [UInt8]
  {
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
    guard fd >= 0 else { throw .errno(path) }
    defer { close(fd) }
    var st = stat()
    guard fstat(fd, &st) == 0 else { throw .errno(path) }
    guard st.st_mode & S_IFMT == S_IFREG else {
      throw FileError(path: path, reason: "is \(kindName(st.st_mode)), not a regular file")
    }
    let tooLarge = FileError(
      path: path, reason: "is larger than \(limit >> 20) MiB, the most a script may be")
    guard Int(st.st_size) <= limit else { throw tooLarge }
    // One byte more than the size: a file that grows while it is read is noticed.
    var out = [UInt8](repeating: 0, count: Int(st.st_size) + 1)
    var count = 0
    while true {
      if count == out.count {
        guard count <= limit else { throw tooLarge }
        out += repeatElement(0, count: min(1 << 16, limit + 1 - count))
      }
      let n = out.withUnsafeMutableBytes {
        Glibc.read(fd, $0.baseAddress! + count, $0.count - count)
      }
      if n < 0 {
        if Glibc.errno == EINTR { continue }
        throw .errno(path)
      }
      if n == 0 { break }
      count += n
    }
    guard count <= limit else { throw tooLarge }
    out.removeSubrange(count...)
    return out
  }

  /// What a file of mode `mode` is, in words: `a FIFO`, `a character device`, …
  package static func kindName(_ mode: mode_t) -> String {
    switch mode & S_IFMT {
    case S_IFDIR: return "a folder"
    case S_IFIFO: return "a FIFO"
    case S_IFCHR: return "a character device"
    case S_IFBLK: return "a block device"
    case S_IFSOCK: return "a socket"
    case S_IFLNK: return "a symlink"
    default: return "a regular file"
    }
  }

  /// Writes `bytes` to `path` atomically: readers see the old file or the whole new one,
  /// never half of it. The folder is opened once and the file is written relative to it
  /// (see `OutputDirectory.replace`): a symlink, FIFO or device at the name is refused,
  /// never written through or replaced.
  public static func writeAtomically(_ path: String, _ bytes: [UInt8]) throws(FileError) {
    try LaterFile(path).write(bytes)
  }

  /// Writes everything, retrying short writes and interruptions.
  package static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
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
}

/// A file written later, its folder opened now: a folder swapped for a symlink while a long
/// batch runs does not send its contact sheet elsewhere. Written as `writeAtomically` does.
public final class LaterFile {
  let path: String
  let name: String
  let folder: Int32
  /// Why the folder could not be opened (said when writing, as a failed write would be).
  let problem: FileError?

  /// Opens the folder `path` names a file in.
  public init(_ path: String) {
    self.path = path
    let file = path.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
    name = String(file)
    guard !file.isEmpty, file != ".", file != ".." else {
      folder = -1
      problem = FileError(path: path, reason: "names a folder, not a file")
      return
    }
    let dir = FileSystem.directory(of: path)
    folder = open(dir.isEmpty ? "." : dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    problem = folder < 0 ? .errno(path) : nil
  }

  deinit { if folder >= 0 { close(folder) } }

  /// Writes `bytes` atomically into the folder opened at the start (as `other`, a file
  /// beside this one, when given: a sheet's pages); into a character device (`/dev/null`,
  /// a terminal, `/dev/stdout` when it is one) as every Unix tool does: a device is
  /// written into, never replaced.
  public func write(_ bytes: [UInt8], named other: String? = nil) throws(FileError) {
    if let problem { throw problem }
    let body: (Int32) -> Int32 = { fd in
      bytes.withUnsafeBytes { FileSystem.writeAll(fd, $0) } ? 0 : errno
    }
    if other == nil, try writeIntoCharacterDevice(body) { return }
    try OutputDirectory.replace(other ?? name, in: folder, bytes, path: place(other))
  }

  /// Why writing would be refused, found before the work that makes the bytes (a clip's
  /// encoding): a folder that cannot be opened or made a file in, or a name that is neither
  /// missing, a regular file, nor a character device (itself or through a symlink). Nil when writing
  /// may go ahead; the write itself checks again.
  package var refusal: FileError? {
    if let problem { return problem }
    var st = stat()
    guard fstatat(folder, name, &st, 0) != 0 || st.st_mode & S_IFMT != S_IFCHR else { return nil }
    do { try OutputDirectory.refuseUnlessRegular(name, in: folder, path: path) } catch {
      return error
    }
    return FileSystem.creationRefusal(in: folder, path: path)
  }

  /// The path shown for `other` (a file beside this one) or this file.
  private func place(_ other: String?) -> String {
    guard let other else { return path }
    let dir = FileSystem.directory(of: path)
    return dir.isEmpty ? other : dir == "/" ? "/" + other : dir + "/" + other
  }

  /// Writes the bytes `fill` makes, atomically, into the folder opened at the start (as
  /// `other` when given; into a character device as `write(_:named:)` does): `fill` is
  /// handed a function writing each piece (false once a write has failed), so a large
  /// file is written as it is made. When `fill` throws, nothing replaces the file (a device
  /// keeps what it was given) and its error is thrown.
  public func write(
    named other: String? = nil,
    streaming fill: (_ write: @escaping ([UInt8]) -> Bool) throws -> Void
  ) throws {
    let shown = place(other)
    try write(named: other) { fd in
      var failure: Int32 = 0
      do {
        try fill { piece in
          guard failure == 0 else { return false }
          if !piece.withUnsafeBytes({ FileSystem.writeAll(fd, $0) }) { failure = errno }
          return failure == 0
        }
      } catch {
        // A failed write stops `fill` too: then the write's own error is the one to say.
        if failure == 0 { throw error }
      }
      if failure != 0 { throw FileError.errno(shown, failure) }
    }
  }

  /// Writes atomically as `write(named:streaming:)` does, `fill` handed the descriptor of
  /// the temporary file (or of the character device) to write into itself, or to pass to a
  /// child process that writes the file (`ffmpeg`). When `fill` throws, nothing replaces the
  /// file and its error is thrown.
  public func write(named other: String? = nil, descriptor fill: (Int32) throws -> Void) throws {
    if let problem { throw problem }
    var thrown: (any Error)?
    let body: (Int32) -> Int32 = { fd in
      do { try fill(fd) } catch {
        thrown = error
        return EIO
      }
      return 0
    }
    do {
      if other == nil, try writeIntoCharacterDevice(body) { return }
      try OutputDirectory.replace(other ?? name, in: folder, path: place(other), fill: body)
    } catch {
      throw thrown ?? error
    }
  }

  /// Writes into the name when it is a character device, or a symlink to one (`/dev/stdout`
  /// leads to `/proc/self/fd/1` and on to the terminal); false for anything else, which
  /// `replace` then writes or refuses. Opened without waiting (a FIFO reached through a
  /// symlink must not block) and without becoming the controlling terminal; the descriptor
  /// is what is checked, so nothing swapped in after a look is written through.
  private func writeIntoCharacterDevice(_ body: (Int32) -> Int32) throws(FileError) -> Bool {
    var st = stat()
    guard fstatat(folder, name, &st, AT_SYMLINK_NOFOLLOW) == 0 else { return false }
    let kind = st.st_mode & S_IFMT
    guard kind == S_IFCHR || kind == S_IFLNK else { return false }
    let fd = openat(
      folder, name,
      O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC | (kind == S_IFCHR ? O_NOFOLLOW : 0))
    guard fd >= 0 else {
      if kind == S_IFCHR { throw .errno(path) }
      return false
    }
    defer { close(fd) }
    guard fstat(fd, &st) == 0, st.st_mode & S_IFMT == S_IFCHR else { return false }
    // A terminal written without waiting could take part of a large drawing only.
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
    let failure = body(fd)
    guard failure == 0 else { throw .errno(path, failure) }
    return true
  }
}

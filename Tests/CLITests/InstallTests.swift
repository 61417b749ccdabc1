import Foundation
import TestSupport
import Testing

/// `scripts/install` into an empty HOME, as a person runs it (the binary given as built,
/// so nothing is compiled): afterwards `man psychologist` finds its page, and Tab works in
/// bash, zsh and fish from where each loads completions by itself. Run twice, it leaves
/// the same files.
@Suite struct InstallTests {
  @Test func manAndTabWorkAfterInstallingTwice() throws {
    let home = try temporaryFolder()
    defer { removeFolder(home) }
    let bin = home + "/.local/bin"
    // Unset XDG folders (empty is unset to the script and the shells): the defaults.
    let environment = [
      "HOME": home, "PSYCHOLOGIST": binary, "XDG_DATA_HOME": "", "XDG_CONFIG_HOME": "",
      "PATH": bin + ":/usr/local/bin:/usr/bin:/bin",
    ]
    func installed() throws -> [String: Data] {
      var files: [String: Data] = [:]
      for case let path as String in FileManager.default.enumerator(atPath: home)! {
        let full = home + "/" + path
        var folder: ObjCBool = false
        if FileManager.default.fileExists(atPath: full, isDirectory: &folder), !folder.boolValue {
          files[path] = try Data(contentsOf: URL(fileURLWithPath: full))
        }
      }
      return files
    }
    var first: [String: Data] = [:]
    for round in 1...2 {
      let r = try runProgram(
        packageRoot + "/scripts/install", [], in: packageRoot, environment: environment,
        timeout: 120)
      #expect(r.status == 0, "round \(round): \(r.stderr)")
      if round == 1 { first = try installed() } else { #expect(try installed() == first) }
    }
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: bin + "/psychologist") == binary)

    // man finds the pages through PATH (~/.local/bin → ~/.local/share/man).
    let man = try runProgram(
      "/usr/bin/man", ["-w", "psychologist", "psychologist-batch"], environment: environment)
    #expect(
      man.out == "\(home)/.local/share/man/man1/psychologist.1\n"
        + "\(home)/.local/share/man/man1/psychologist-batch.1\n", "\(man.out) \(man.stderr)")

    // bash-completion loads the script at the first Tab, from its user folder.
    let bash = try runProgram(
      "/bin/bash",
      [
        "-c",
        """
        source /usr/share/bash-completion/bash_completion
        __load_completion psychologist || exit 1
        COMP_WORDS=(psychologist sh) COMP_CWORD=1 COMP_LINE='psychologist sh' COMP_POINT=15
        _psychologist psychologist sh psychologist
        echo "${COMPREPLY[@]}"
        """,
      ], environment: environment)
    #expect(bash.out == "show\n", "\(bash.out) \(bash.stderr)")

    // zsh, with the folder on fpath as docs/commands.md says.
    let zshScript = home + "/driver.zsh"
    try writeFile(zshScript, zshDriver)
    let zsh = try runProgram(
      "/usr/bin/zsh", [zshScript, home + "/.local/share/zsh/site-functions", "psychologist sh"],
      environment: environment, timeout: 120)
    #expect(zsh.out == "== 0\nshow\n", "\(zsh.out) \(zsh.stderr)")

    // The lines docs/commands.md gives for ~/.zshrc put the folder on fpath for compinit.
    let zshrc = try #require(
      try readmeBlocks(in: "docs/commands.md").first {
        $0.language.isEmpty && $0.text.joined().contains("compinit")
      })
    let loaded = try runProgram(
      "/usr/bin/zsh",
      ["-f", "-c", zshrc.text.joined(separator: "\n") + "\nprint -r -- $_comps[psychologist]"],
      environment: environment)
    #expect(loaded.out == "_psychologist\n", "\(zshrc.place): \(loaded.out) \(loaded.stderr)")

    // fish loads ~/.config/fish/completions by itself.
    let fish = try runProgram(
      "/usr/bin/fish", ["--command", "complete -C 'psychologist sh' | string split -f1 \\t"],
      environment: environment)
    #expect(fish.out == "show\n", "\(fish.out) \(fish.stderr)")
  }

  /// scripts/build-info writes the commit of a repository's HEAD (with -dirty when a
  /// tracked file changed), and nothing where there is no repository (a tarball), so the
  /// binary says `unknown` there.
  @Test func buildInfoNamesTheCommitOrNothing() throws {
    let folder = try temporaryFolder()
    defer { removeFolder(folder) }
    try FileManager.default.createDirectory(
      atPath: folder + "/scripts", withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      atPath: folder + "/Sources/CLuaBridge", withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      atPath: packageRoot + "/scripts/build-info", toPath: folder + "/scripts/build-info")
    try writeFile(folder + "/Sources/CLuaBridge/build_info.c", "/* stand-in */\n")
    let header = folder + "/.build/build-info.h"
    let tarball = try runProgram(folder + "/scripts/build-info", [], in: folder)
    #expect(tarball.status == 0 && !FileManager.default.fileExists(atPath: header))

    let git = { (arguments: [String]) throws -> RunResult in
      try runProgram(
        "/usr/bin/git",
        ["-C", folder, "-c", "user.name=t", "-c", "user.email=t@t"] + arguments)
    }
    _ = try git(["init", "-q"])
    _ = try git(["add", "-A"])
    _ = try git(["commit", "-q", "-m", "one"])
    let head = try git(["rev-parse", "--short=12", "HEAD"]).out
      .trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(head.count == 12)
    #expect(try runProgram(folder + "/scripts/build-info", [], in: folder).status == 0)
    #expect(
      try String(contentsOfFile: header, encoding: .utf8)
        == "#define PSY_BUILD_COMMIT \"\(head)\"\n")
    try writeFile(folder + "/Sources/CLuaBridge/build_info.c", "/* changed */\n")
    #expect(try runProgram(folder + "/scripts/build-info", [], in: folder).status == 0)
    #expect(try String(contentsOfFile: header, encoding: .utf8).contains("\(head)-dirty"))
  }
}

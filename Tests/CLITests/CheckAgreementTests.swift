import Foundation
import Testing
import TestSupport

/// An error line as `FILE:LINE` and its message, without what only one command adds: a
/// batch's `row N (…): ` before it, a refusal's `(and N more problems; run check)` after.
func located(_ line: Substring) -> (location: String, message: String)? {
  guard line.hasPrefix("psychologist: error: ") else { return nil }
  let text = String(line.dropFirst("psychologist: error: ".count))
  guard let r = text.range(of: #"^.+?\.lua:[0-9]+: "#, options: .regularExpression) else {
    return nil
  }
  var message = String(text[r.upperBound...])
  for pattern in [#"^row [0-9]+ \([^)]*\): "#, #" \(and [0-9]+ more problems?; run check\)$"#] {
    message = message.replacingOccurrences(of: pattern, with: "", options: .regularExpression)
  }
  return (String(text[r.lowerBound..<text.index(r.upperBound, offsetBy: -2)]), message)
}

/// The corpus's broken scripts that commands other than `check` can meet (not the
/// runaway ones: each command would wait for the whole time limit, on every device).
let brokenScripts: [String] = corpusCases.filter {
  ($0.name.hasPrefix("check_") || $0.name.hasPrefix("run_") || $0.name.hasPrefix("error_"))
    && !$0.name.contains("runaway") && $0.exit == 1
}.map(\.name).sorted()

@Suite struct CheckAgreementTests {
  /// `show` (every name of the menu), `run` and `batch` (every diagnosis, one row `{}`) on
  /// every device and orientation: each error they report, `check` reports too, at the same
  /// `file:line` with the same message (check may add where and with which input).
  @Test(arguments: brokenScripts)
  func checkFindsWhatTheOtherCommandsFind(_ name: String) throws {
    let work = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: work) }
    let script = name + ".lua"
    try FileManager.default.copyItem(
      atPath: corpusFolder + "/" + script, toPath: work + "/" + script)
    try writeFile(work + "/rows.jsonl", "{}\n")
    let check = try psychologist(["check", script], in: work, timeout: 30)
    let found = check.stderr.split(separator: "\n").compactMap(located)

    let listing = try psychologist(["list", script, "--json"], in: work)
    let json = (try? JSONSerialization.jsonObject(with: listing.stdout)) as? [String: Any]
    func names(_ section: String) -> [String] {
      ((json?[section] as? [[String: Any]]) ?? []).compactMap { $0["name"] as? String }
    }
    let diagnoses = names("diagnoses")
    let buttons = diagnoses + names("segues").filter { $0 != "showDiagnosis" }

    var others: [(String, Run)] = []
    for device in ["iphone", "iphone5", "ipad"] {
      for orientation in ["portrait", "landscape"] {
        let place = ["--device", device, "--orientation", orientation]
        others.append(("run", try psychologist(["run", script] + place, in: work, timeout: 30)))
        for button in buttons {
          let r = try psychologist(
            ["show", script, button, "--format", "svg"] + place, in: work, timeout: 30)
          others.append(("show \(button)", r))
        }
        for d in diagnoses {
          let r = try psychologist(
            ["batch", script, "--diagnosis", d, "--input", "rows.jsonl", "--output-dir", "out"]
              + place, in: work, timeout: 30)
          others.append(("batch \(d)", r))
        }
      }
    }
    var compared = 0
    for (command, run) in others where run.status == 1 {
      for e in run.stderr.split(separator: "\n").compactMap(located) {
        compared += 1
        #expect(
          found.contains { $0.location == e.location && $0.message.hasPrefix(e.message) },
          "\(command) says \(e.location): \(e.message); check says \(check.stderr)")
      }
    }
    // A script that no other command refuses may still be broken for check (an unused
    // kind); one they refuse must have been compared.
    if others.contains(where: { $0.1.status == 1 }) { #expect(compared > 0) }
    #expect(check.status == 1)
  }
}

// swift-tools-version:6.0
import PackageDescription

// Another package that depends on Psychologist by URL and embeds a script, as a user's
// package would. `scripts/consumer/run` builds it against a snapshot of the working tree
// in a temporary git repository, named by PSYCHOLOGIST_URL, tagged 0.1.0. By version, not
// by branch: SwiftPM refuses unsafe build flags only in a dependency resolved by version.
let url = Context.environment["PSYCHOLOGIST_URL"] ?? "https://github.com/example/psychologist.git"

let package = Package(
  name: "PsychologistConsumer",
  dependencies: [.package(url: url, from: "0.1.0")],
  targets: [
    .executableTarget(
      name: "consumer",
      dependencies: [.product(name: "Psychologist", package: "psychologist")])
  ]
)

// swift-tools-version:6.0
// A package that uses BezierTune the way an app would: one executable depending by path on the
// DataFiles product alone (CSV reading and writing, text files, number formatting), so that it
// builds and links without Cairo, without LAPACK and without the command line's process layer
// (no signal handlers). scripts/check-datafiles-consumer.sh builds it, runs it on points.csv and
// checks its output and what it links (make test runs that script).
import Foundation
import PackageDescription

// The root package is `../..`; SwiftPM names a path dependency after its folder, which differs
// between checkouts (main, BezierTune, a worktree), so the name is read from the path.
let root = URL(fileURLWithPath: Context.packageDirectory)
    .deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "DataFilesConsumer",
    dependencies: [.package(path: "../..")],
    targets: [
        .executableTarget(name: "DataFilesConsumer",
                          dependencies: [.product(name: "DataFiles", package: root)]),
    ],
    swiftLanguageModes: [.v6]
)

// swift-tools-version:6.0
// libFuzzer targets for every parser a user can feed to BezierTune (see README.md here).
//
// Built only on demand, never by the root package:
//
//     swift build --package-path Fuzz -c release --sanitize fuzzer --sanitize address
//
// or simply `make fuzz` from the root, which builds, runs each target for a bounded time and
// fails on the first crash, leak or hang.
import Foundation
import PackageDescription

// The root package is `..`; SwiftPM names a path dependency after its folder, which differs
// between checkouts (main, BezierTune, a scratch copy), so the name is read from the path.
let root = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent().lastPathComponent

/// One fuzz target: an executable whose only entry point is `LLVMFuzzerTestOneInput` (libFuzzer
/// supplies `main`), hence `-parse-as-library`.
func fuzzTarget(_ name: String, _ products: [String]) -> Target {
    .executableTarget(
        name: name,
        dependencies: ["FuzzSupport"] + products.map { .product(name: $0, package: root) },
        swiftSettings: [.unsafeFlags(["-parse-as-library"])])
}

let package = Package(
    name: "BezierTuneFuzz",
    dependencies: [.package(path: "..")],
    targets: [
        // MARK: - Fuzz targets (one per parser; Corpus/<name>/ holds each one's seeds)
        fuzzTarget("FuzzSVGPathData", ["Geometry"]),
        fuzzTarget("FuzzSVGDocument", ["Geometry"]),
        fuzzTarget("FuzzCSV", ["DataFiles"]),
        fuzzTarget("FuzzStRDFile", ["LeastSquaresTestProblems"]),
        fuzzTarget("FuzzTimingFunction", ["Deform"]),
        fuzzTarget("FuzzHandleExpression", ["ArcError"]),
        // Keyframe and target manifests, fit targets and point lists (Fitting, over DataFiles' CSV).
        fuzzTarget("FuzzManifest", ["DataFiles", "Fitting"]),
        fuzzTarget("FuzzTargetOutline", ["DataFiles", "Geometry", "Fitting"]),
        // Not a parser: the flattening every parsed path reaches (`path-info --flatten`).
        fuzzTarget("FuzzFlattening", ["Geometry"]),
        // Nor this: evaluation, splitting, bounding box, nearest point and arc length of a cubic.
        fuzzTarget("FuzzCurveNumerics", ["Geometry"]),
        // SVG's arc command by its numbers (`EllipticalArc.svgArcSegments`).
        fuzzTarget("FuzzSVGArc", ["Geometry"]),
        // SVG documents with transforms, viewports, use and style (`SVGDrawing`), and transform lists.
        fuzzTarget("FuzzSVGDrawing", ["Interchange", "Geometry"]),
        // Lottie files: the JSON reader and writer, then the Lottie reader and its outlines.
        fuzzTarget("FuzzLottie", ["Geometry", "Interchange"]),

        // MARK: - Implementation details
        // Input decoding and the invariant check shared by the targets.
        .target(name: "FuzzSupport"),
    ],
    swiftLanguageModes: [.v6]
)

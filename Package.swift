// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "BezierTune",
    // Apple platforms: Accelerate's current LAPACK interface (CLapack) needs macOS 13.3 / iOS 16.4,
    // which also covers ContinuousClock (macOS 13 / iOS 16). Built and tested here on Linux only.
    platforms: [.macOS("13.3"), .iOS("16.4")],
    products: [
        .library(name: "Geometry", targets: ["Geometry"]),
        .library(name: "CSV", targets: ["CSV"]),
        .library(name: "DataFiles", targets: ["DataFiles"]),
        .library(name: "Render", targets: ["Render"]),
        .library(name: "LeastSquares", targets: ["LeastSquares"]),
        .library(name: "LeastSquaresTestProblems", targets: ["LeastSquaresTestProblems"]),
        .library(name: "Deform", targets: ["Deform"]),
        .library(name: "ArcError", targets: ["ArcError"]),
        .library(name: "Fitting", targets: ["Fitting"]),
        .library(name: "Interchange", targets: ["Interchange"]),
        .executable(name: "beztune", targets: ["beztune"]),
    ],
    targets: [
        // MARK: - Public API
        .target(name: "Geometry", dependencies: ["_CIntrinsics", "_CLibc", "_Numerics", "_Support"]),
        // CSV text: parsing, tables, values, writing (no files).
        .target(name: "CSV", dependencies: ["_Support"]),
        // Text and CSV files read from the file system (the libraries take text; the executable
        // reads fit targets, manifests and profile folders through this).
        .target(name: "DataFiles", dependencies: ["CSV", "_Support"]),
        .target(name: "Render", dependencies: ["Geometry", "CCairo", "_Support"]),
        .target(name: "LeastSquares", dependencies: ["CLapack", "_CLibc", "_Support"]),
        // The NIST StRD and Moré–Garbow–Hillstrom problems, their file reader and runners: what
        // `beztune nist` and `beztune mgh` fit, beside the solver rather than inside it.
        .target(name: "LeastSquaresTestProblems", dependencies: ["LeastSquares", "_Support"]),
        .target(name: "Deform", dependencies: ["Geometry", "_CLibc", "_Support"]),
        .target(name: "ArcError", dependencies: ["Geometry", "_CLibc", "_Numerics", "_Support"]),
        .target(name: "Fitting", dependencies: ["Geometry", "Deform", "LeastSquares", "CSV", "Interchange", "_CLibc", "_Support"]),
        .target(name: "Interchange", dependencies: ["Geometry", "Deform", "_CLibc", "_Numerics", "_Support"]),
        // The library's functions called by name with JSON arguments and results, each answering
        // as the command of the same name does (its numbers, its messages): the JavaScript
        // module's face (wasm/), and the checks shared with the command line.
        .target(name: "BeztuneAPI", dependencies: ["ArcError", "CSV", "Deform", "Fitting", "Geometry", "Interchange", "LeastSquares", "_Support"]),
        .executableTarget(name: "beztune", dependencies: ["BeztuneAPI", "Geometry", "DataFiles", "Render", "LeastSquares", "LeastSquaresTestProblems", "Deform", "ArcError", "Fitting", "Interchange", "_ArgumentParser", "_ProcessLayer", "_Support"]),

        // MARK: - Benchmarks
        .executableTarget(name: "beztune-bench", dependencies: ["Geometry", "DataFiles", "Render", "Interchange", "_Numerics", "_ProcessLayer", "_Support"],
                          path: "Benchmarks/Sources/beztune-bench"),
        .executableTarget(name: "ArcErrorBench", dependencies: ["ArcError", "_Support"], path: "Benchmarks/ArcErrorBench"),
        .executableTarget(name: "APICallBench", dependencies: ["BeztuneAPI", "Interchange"], path: "Benchmarks/APICallBench"),

        // MARK: - Implementation details
        // System libraries from Debian packages, installed by scripts/setup.sh.
        .systemLibrary(name: "CCairo", path: "Sources/CCairo"),
        // The C library functions the libraries call (sin, atan2, exp, …, snprintf for printf's
        // %g and %e) declared once, so they need neither Foundation nor Glibc/Darwin (bt_libc.h).
        .systemLibrary(name: "_CLibc", path: "Sources/_CLibc"),
        // LAPACK/BLAS: OpenBLAS on Linux, Accelerate on Apple platforms (ABI in lapack_routines.h).
        .target(name: "CLapack", linkerSettings: [
            .linkedLibrary("openblas", .when(platforms: [.linux])),
            .linkedFramework("Accelerate", .when(platforms: [.macOS, .iOS, .tvOS, .watchOS, .visionOS])),
        ]),
        // The vector intrinsics Swift lacks, x86 and portable twins (-DBEZIERTUNE_PORTABLE_INTRINSICS
        // forces the portable ones).
        .target(name: "_CIntrinsics"),
        // The command-line parser of the executables: options declared once as typed values, the
        // parser, --help and the usage line derived from the declaration (package access).
        .target(name: "_ArgumentParser", dependencies: ["_Support"]),
        // Small helpers every target may need, each written once (seeded random numbers, work
        // split across cores, trimming, quoting in messages); `package` access, never `public`.
        .target(name: "_Support", dependencies: ["_CLibc"]),
        // What an executable does as a process, and a library never may: its outputs written all or
        // nothing (plans, transactions, folder records, checkpoint records, streamed files), its
        // standard streams, and its signals (interrupt cleanup, SIGPIPE). The only target that
        // installs signal handlers, raises signals or calls _exit; messages name the program its
        // caller gives (ProgramIdentity).
        .target(name: "_ProcessLayer", dependencies: ["DataFiles", "_Support"]),
        // General numerics, none of it about curves, each written once for every target that
        // needs it: double-double arithmetic, quadratics and polynomials with their real roots,
        // Brent's root finder, Gauss–Legendre and adaptive quadrature, golden-section search.
        // `package` access, except what other targets' kernels must inline (double-double
        // arithmetic, the quadratures, quadratic and quartic roots): Swift inlines only public
        // code across modules, so that is `public` and `@inlinable`, in a module no product has.
        .target(name: "_Numerics", dependencies: ["_CLibc"]),
        // Seeded random numbers and helpers shared by the test bundles.
        .target(name: "_TestSupport", dependencies: ["_Support"]),

        // MARK: - Unit test bundles
        .testTarget(name: "GeometryTests", dependencies: ["Geometry", "_Numerics", "_TestSupport"], exclude: ["Resources"]),
        .testTarget(name: "CSVTests", dependencies: ["CSV", "_Support", "_TestSupport"]),
        .testTarget(name: "DataFilesTests", dependencies: ["DataFiles", "CSV", "_Support", "_TestSupport"]),
        .testTarget(name: "RenderTests", dependencies: ["Render"], exclude: ["Resources"]),
        .testTarget(name: "LeastSquaresTests", dependencies: ["LeastSquares", "_TestSupport"]),
        .testTarget(name: "LeastSquaresTestProblemsTests", dependencies: ["LeastSquaresTestProblems", "LeastSquares", "_TestSupport"]),
        .testTarget(name: "DeformTests", dependencies: ["Deform", "Geometry", "ArcError", "_TestSupport"], exclude: ["Resources"]),
        .testTarget(name: "FittingTests", dependencies: ["Fitting", "Geometry", "Deform", "LeastSquares", "DataFiles", "Interchange", "_TestSupport"]),
        .testTarget(name: "ArcErrorTests", dependencies: ["ArcError", "Geometry", "_Numerics", "_TestSupport"], exclude: ["Resources"]),
        .testTarget(name: "InterchangeTests", dependencies: ["Interchange", "Geometry", "Deform", "_Support", "_TestSupport"],
                    exclude: ["Resources", "README.md"]),
        .testTarget(name: "BeztuneAPITests", dependencies: ["BeztuneAPI", "ArcError", "Interchange", "_Support"]),
        .testTarget(name: "SupportTests", dependencies: ["_Support", "_TestSupport"]),
        .testTarget(name: "NumericsTests", dependencies: ["_Numerics", "_TestSupport"]),
        .testTarget(name: "ArgumentParserTests", dependencies: ["_ArgumentParser", "_Support"]),
        .testTarget(name: "ProcessLayerTests", dependencies: ["_ProcessLayer", "DataFiles", "_Support", "_TestSupport"]),
        .testTarget(name: "SystemLibraryTests", dependencies: ["CLapack", "CCairo"]),
        .testTarget(name: "CIntrinsicsTests", dependencies: ["_CIntrinsics", "_TestSupport"]),
        .testTarget(name: "ReadmeExamplesTests", dependencies: ["Geometry", "ArcError", "Deform"]),
        .testTarget(name: "BeztuneTests", dependencies: ["beztune", "DataFiles", "Deform", "Fitting", "Geometry", "Interchange", "_ArgumentParser", "_ProcessLayer", "_Support", "_TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)

// scripts/test-portable.sh builds the package a second time, with the portable intrinsics forced,
// to run the numeric test bundles on them. It names those bundles in BEZIERTUNE_TEST_BUNDLES
// (separated by `|`, as in `swift test --filter`): that build then leaves out the other test
// bundles and the executables, which it would compile only to skip. Unset (every other build),
// the package is the whole package.
if let bundles = Context.environment["BEZIERTUNE_TEST_BUNDLES"], !bundles.isEmpty {
    let kept = Set(bundles.split(separator: "|").map(String.init))
    package.targets.removeAll { ($0.type == .test && !kept.contains($0.name)) || $0.type == .executable }
    package.products.removeAll { $0 is Product.Executable }
}

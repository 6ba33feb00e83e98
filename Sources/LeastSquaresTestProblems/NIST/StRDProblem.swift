/// The 27 NIST StRD nonlinear regression problems: file name, model, NIST's level of difficulty,
/// in NIST's order (lower, average, higher difficulty).
public struct StRDProblem: Sendable, Equatable {
    public enum Difficulty: String, Sendable { case lower, average, higher }

    /// The dataset name as in the file, e.g. `"Misra1a"`; the file is `<name>.dat`.
    public let name: String
    public let model: StRDModel
    public let difficulty: Difficulty

    /// `<name>.dat`.
    public var fileName: String { name + ".dat" }

    /// All 27 problems in NIST's order.
    public static let all: [StRDProblem] = [
        .init(name: "Misra1a", model: .misra1a, difficulty: .lower),
        .init(name: "Chwirut2", model: .chwirut, difficulty: .lower),
        .init(name: "Chwirut1", model: .chwirut, difficulty: .lower),
        .init(name: "Lanczos3", model: .lanczos, difficulty: .lower),
        .init(name: "Gauss1", model: .gauss, difficulty: .lower),
        .init(name: "Gauss2", model: .gauss, difficulty: .lower),
        .init(name: "DanWood", model: .danWood, difficulty: .lower),
        .init(name: "Misra1b", model: .misra1b, difficulty: .lower),
        .init(name: "Kirby2", model: .kirby2, difficulty: .average),
        .init(name: "Hahn1", model: .rationalCubic, difficulty: .average),
        .init(name: "Nelson", model: .nelson, difficulty: .average),
        .init(name: "MGH17", model: .mgh17, difficulty: .average),
        .init(name: "Lanczos1", model: .lanczos, difficulty: .average),
        .init(name: "Lanczos2", model: .lanczos, difficulty: .average),
        .init(name: "Gauss3", model: .gauss, difficulty: .average),
        .init(name: "Misra1c", model: .misra1c, difficulty: .average),
        .init(name: "Misra1d", model: .misra1d, difficulty: .average),
        .init(name: "Roszman1", model: .roszman1, difficulty: .average),
        .init(name: "ENSO", model: .enso, difficulty: .average),
        .init(name: "MGH09", model: .mgh09, difficulty: .higher),
        .init(name: "Thurber", model: .rationalCubic, difficulty: .higher),
        .init(name: "BoxBOD", model: .misra1a, difficulty: .higher),
        .init(name: "Rat42", model: .rat42, difficulty: .higher),
        .init(name: "MGH10", model: .mgh10, difficulty: .higher),
        .init(name: "Eckerle4", model: .eckerle4, difficulty: .higher),
        .init(name: "Rat43", model: .rat43, difficulty: .higher),
        .init(name: "Bennett5", model: .bennett5, difficulty: .higher),
    ]

    /// The problem called `name`, ignoring case (`"misra1a"` finds Misra1a), or nil.
    public static func named(_ name: String) -> StRDProblem? {
        all.first { $0.name.lowercased() == name.lowercased() }
    }
}

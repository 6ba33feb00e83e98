import _Support
/// A LAPACK routine returned `info ≠ 0`. The ``description`` names the routine, the code and what
/// the code means for that routine (from the routine's reference documentation). The pure-Swift
/// backend (``LinearAlgebraBackend/pureSwift``) reports its failures in the same terms: the LAPACK
/// routine it stands in for and the `info` that routine documents for the same condition.
///
///     dpotrf failed (info 3): the leading minor of order 3 is not positive definite
///     dgesdd failed (info -4): argument 4 had an illegal value (NaN input is reported this way)
public struct LAPACKError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The routine, e.g. `"dgels"`.
    public var routine: String
    /// LAPACK's `info`: negative for an illegal argument (−k: argument k of the reference routine,
    /// which is also how a NaN in an input matrix is reported), positive for a numerical failure.
    public var info: Int
    /// What the code means for this routine.
    public var meaning: String

    public var description: String { "\(routine) failed (info \(info)): \(meaning)" }

    /// The error for `info` returned by `routine`, or nil when `info == 0`.
    static func check(_ routine: String, _ info: Int32) throws(LAPACKError) {
        guard info != 0 else { return }
        throw failure(routine, info: Int(info))
    }

    /// The error for `info ≠ 0` of `routine`, with its documented meaning (used by both backends).
    static func failure(_ routine: String, info: Int) -> LAPACKError {
        LAPACKError(routine: routine, info: info, meaning: meaning(routine, info))
    }

    /// The error for a NaN in argument `argument` of `routine`, found before the call.
    static func illegal(_ routine: String, argument: Int) -> LAPACKError {
        LAPACKError(routine: routine, info: -argument, meaning: meaning(routine, -argument))
    }

    /// The documented meaning of `info` for `routine`.
    static func meaning(_ routine: String, _ info: Int) -> String {
        if info < 0 {
            return "argument \(-info) had an illegal value (NaN input is reported this way)"
        }
        switch routine {
        case "dgels":
            return "diagonal element \(info) of the triangular factor of A is zero, so A does not have full rank; use the SVD solver (dgelsd)"
        case "dgelsd":
            return "the SVD did not converge: \(info) off-diagonal elements of an intermediate bidiagonal form did not converge to zero"
        case "dgesdd":
            return "the divide-and-conquer SVD (dbdsdc) did not converge"
        case "dgesvj":
            return "the one-sided Jacobi SVD did not converge: \(info) column pairs were still not orthogonal after the last sweep"
        case "dpotrf":
            return "the leading minor of order \(info) is not positive definite, so the factorization could not be completed"
        case "dtrtrs":
            return "diagonal element \(info) of the triangular matrix is zero, so it is singular"
        default:
            return "numerical failure \(info)"
        }
    }
}

extension LAPACKError: ReportableError {}

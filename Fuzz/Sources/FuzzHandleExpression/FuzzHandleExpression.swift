import ArcError
import FuzzSupport

/// `--k` and `--k-range` values: ArcError's `HandleExpression.evaluate`. Never traps; a failure's offset lies within the text and its
/// message is one line; whatever parses evaluates to some Double (NaN and ±∞ are the caller's).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let text = FuzzInput.text(data, size)
    do throws(HandleExpression.ParseError) {
        _ = try HandleExpression.evaluate(text)
    } catch {
        fuzzCheck(error.offset >= 0 && error.offset <= text.count,
                  "offset \(error.offset) outside 0...\(text.count)")
        fuzzCheck(isOneLine(error.description), "multi-line message: \(error.description)")
    }
    return 0
}

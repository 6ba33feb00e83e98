/// What a checkpointed CSV holds, kept next to it so that a resumed run can check — without
/// recomputing any row — that every row it keeps is one a run with the same arguments wrote
/// there, in that place, unedited.
///
/// A long batch (a sweep, a batch of fits) rewrites its CSV with the rows finished so far; an
/// interrupted run leaves the file as of its last checkpoint, and `--resume` continues from it.
/// The rows are a deterministic function of the run's arguments, so the record holds:
/// - a fingerprint of the arguments the rows depend on (the caller's: grid, options, the inputs'
///   contents), so that a resume with other arguments is refused as a whole;
/// - one 64-bit digest per data row (FNV-1a of the row's index and its fields as they read back
///   — so quoting does not matter), so that an edited, moved, dropped or added row is found, and
///   named, by comparing digests.
///
/// The record is the file `.<name>.checkpoint` in the CSV's folder (``path(for:)``), written in
/// the same ``OutputTransaction`` as the CSV and staged first: if a run dies between the two
/// renames (SIGKILL), the record holds at least the rows the CSV holds, and the CSV's rows are
/// still checked against its first ones.
///
/// Text format (one line each; `#` lines are comments):
///
///     # <program> checkpoint record of grid.csv: do not edit
///     fingerprint <16 hex digits>
///     <16 hex digits>      (one per data row, in order)
package struct CheckpointRecord: Sendable, Equatable {
    /// The fingerprint of the arguments the rows depend on.
    package let fingerprint: UInt64
    /// One digest per data row, in order.
    package private(set) var digests: [UInt64] = []

    package init(fingerprint: UInt64) {
        self.fingerprint = fingerprint
    }

    /// The record's path for the CSV `file`: `.<name>.checkpoint` in the same folder.
    package static func path(for file: String) -> String {
        guard let slash = file.lastIndex(of: "/") else { return ".\(file).checkpoint" }
        return "\(file[...slash]).\(file[file.index(after: slash)...]).checkpoint"
    }

    /// The number of rows recorded.
    package var count: Int { digests.count }

    /// Records the next data row: its fields as a CSV reader gives them back.
    package mutating func append<S: StringProtocol>(fields: [S]) {
        digests.append(Self.digest(fields: fields, index: digests.count))
    }

    /// Records the next data row by its digest, computed elsewhere (``digest(line:index:)``, on
    /// the threads that formatted the rows).
    package mutating func append(digest: UInt64) {
        digests.append(digest)
    }

    /// The digest of data row `index` given as its line's bytes without the line break, for rows
    /// whose fields need no quotes (numbers): the fields are the bytes between commas, so this is
    /// ``digest(fields:index:)`` of the line split at its commas — each comma hashed as the
    /// 0xFF that ends a field, and one more 0xFF for the last field.
    package static func digest(line: UnsafeRawBufferPointer, index: Int) -> UInt64 {
        var hash = Fingerprint()
        hash.combine(UInt64(index))
        var value = hash.value
        for b in line {
            value ^= UInt64(b == UInt8(ascii: ",") ? 0xFF : b)
            value = value &* 1_099_511_628_211
        }
        value ^= 0xFF
        return value &* 1_099_511_628_211
    }

    /// The index of the first of `rows` (each a data row's fields as read) that is not the
    /// recorded one at its place — `digests.count` when there are more rows than recorded; nil
    /// when every row is the one recorded there.
    package func firstMismatch<Rows: Sequence, S: StringProtocol>(_ rows: Rows) -> Int? where Rows.Element == [S] {
        for (i, row) in rows.enumerated() {
            guard i < digests.count else { return i }
            if Self.digest(fields: row, index: i) != digests[i] { return i }
        }
        return nil
    }

    /// Whether row `index` (its fields as read) is the one recorded there.
    package func matches<S: StringProtocol>(_ fields: [S], at index: Int) -> Bool {
        index < digests.count && Self.digest(fields: fields, index: index) == digests[index]
    }

    /// The record as text, its first line naming the CSV `name` and the `program` that wrote it
    /// (`# <program> checkpoint record of grid.csv: do not edit`).
    package func text(forFile name: String, writtenBy program: ProgramIdentity) -> String {
        var out = "# \(program.name) checkpoint record of \(name): do not edit\nfingerprint \(Self.hex(fingerprint))\n"
        out.reserveCapacity(out.utf8.count + 17 * digests.count)
        for d in digests { out += Self.hex(d) + "\n" }
        return out
    }

    /// Reads a record's text; nil when it is not one (a damaged record is no record).
    package init?(parsing text: String) {
        var fingerprint: UInt64?
        var digests: [UInt64] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.hasPrefix("fingerprint ") {
                guard fingerprint == nil, let f = UInt64(line.dropFirst(12), radix: 16) else { return nil }
                fingerprint = f
            } else {
                guard fingerprint != nil, line.utf8.count == 16, let d = UInt64(line, radix: 16) else { return nil }
                digests.append(d)
            }
        }
        guard let fingerprint else { return nil }
        self.fingerprint = fingerprint
        self.digests = digests
    }

    /// FNV-1a (64-bit) of the row's index (8 bytes, little-endian) and each field's UTF-8 bytes
    /// followed by 0xFF (a byte UTF-8 never uses).
    static func digest<S: StringProtocol>(fields: [S], index: Int) -> UInt64 {
        var hash = Fingerprint()
        hash.combine(UInt64(index))
        for f in fields {
            hash.combine(bytes: f.utf8)
            hash.combine(bytes: CollectionOfOne(UInt8(0xFF)))
        }
        return hash.value
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

/// The ASCII bytes the CSV grammar is made of.
enum CSVByte {
    static let comma = UInt8(ascii: ",")
    static let quote = UInt8(ascii: "\"")
    static let cr = UInt8(ascii: "\r")
    static let lf = UInt8(ascii: "\n")
}

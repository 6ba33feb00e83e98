/// The line break written after every CSV record.
public enum CSVLineEnding: String, Sendable {
    /// "\n". The default: POSIX tools, Python's `csv`/pandas and ``CSVTable`` all read it.
    case lf = "\n"
    /// "\r\n", the line break RFC 4180 §2 specifies, for consumers that insist on it.
    case crlf = "\r\n"
}

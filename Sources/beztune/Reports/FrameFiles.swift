import Foundation
import Render

/// The frame files `beztune frames` and `fit-profile` write: `frame_0000.png` … in one folder
/// (an earlier run's frames beyond the new count are the folder output's stale files).
enum FrameFiles {
    /// `frame_NNNN.EXT` (at least four digits).
    static func frameName(_ i: Int, _ format: ImageFormat) -> String {
        let digits = String(i)
        return "frame_" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits + "." + format.rawValue
    }

    /// Four significant digits, for frame labels.
    static func format4(_ v: Double) -> String { String(format: "%.4g", v) }
}

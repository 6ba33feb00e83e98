import Foundation
import Geometry
import Testing
@testable import Render

/// The contact sheet fits in `Canvas.maximumSide` whatever the frames ask for: its thumbnails
/// shrink instead of the run failing over an image the user did not ask for.
@Suite("Contact sheets: always within the canvas limit")
struct ContactSheetTests {
    func frames(_ count: Int, width: Int, height: Int) -> [Frame] {
        (0..<count).map { _ in Frame(width: width, height: height) }
    }

    @Test("the usual case keeps 160-pixel thumbnails: 30 frames of 640×640")
    func usual() {
        let l = ContactSheet(frames: frames(30, width: 640, height: 640)).layout
        #expect(l.columns == 6 && l.rows == 5 && l.cellWidth == 160 && l.cellHeight == 160)
        #expect(l.width == 6 * 166 + 6 && l.height == 5 * 166 + 6)
    }

    @Test("10,000 frames and very tall frames shrink their thumbnails to fit, keeping the aspect",
          arguments: [(10_000, 640, 640), (9_605, 320, 320), (30, 16, 4000), (30, 4000, 16), (10_000, 16, 16_384)])
    func shrinks(_ count: Int, _ width: Int, _ height: Int) {
        let l = ContactSheet(frames: frames(count, width: width, height: height)).layout
        #expect(l.width <= Canvas.maximumSide && l.height <= Canvas.maximumSide, "\(l)")
        #expect(l.cellWidth > 0 && l.cellWidth <= 160)
        #expect(abs(l.cellHeight / l.cellWidth - Double(height) / Double(width)) < 1e-9)
        #expect(l.columns * l.rows >= count)
    }

    @Test("a sheet of tall frames renders (it used to fail with an image size out of range)")
    func rendersTallFrames() throws {
        let data = try ContactSheet(frames: frames(30, width: 16, height: 4000)).render(.png)
        #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }
}

import Foundation
import Interchange
import Testing
import _TestSupport

/// Bad Lottie input: one line naming the file, the JSON path and the layer, of the right kind.
@Suite struct LottieBadInputTests {
    typealias T = LottieText

    /// What goes wrong when the document is read and its only (or the named) layer taken at frame 10.
    static func failure(_ text: String, layer: String? = nil, frame: Double = 10) -> LottieError? {
        do {
            let doc = try T.read(text)
            let l = try doc.shapeLayer(layer.map(LottieLayerSelection.init(argument:)))
            _ = try l.outline(atFrame: frame)
            return nil
        } catch {
            return error
        }
    }

    static let rows: [(name: String, text: String, kind: LottieError.Kind, message: String)] = [
        ("array", "[1, 2]", .notLottie,
         #"anim.json: not a Lottie document: the JSON is an array, a Lottie document is an object with "v", "fr", "ip", "op" and "layers""#),
        ("other JSON", #"{"name": "x", "points": []}"#, .notLottie,
         #"anim.json: not a Lottie document: it has no "v" (the version), "fr" (the frame rate), "ip" (the first frame), "op" (the end frame), "layers" (the layers)"#),
        ("missing fr", #"{"v":"5","ip":0,"op":30,"layers":[]}"#, .invalid,
         #"anim.json: a Lottie document needs "fr" (the frame rate), which it lacks"#),
        ("missing ip and op", #"{"v":"5","fr":30,"layers":[]}"#, .invalid,
         #"anim.json: a Lottie document needs "ip" (the first frame), "op" (the end frame), which it lacks"#),
        ("zero fr", T.document(T.shapeLayer(T.triangle), top: #""v":"5","fr":0,"ip":0,"op":30"#), .invalid,
         "anim.json: fr: the frame rate must be positive, not 0"),
        ("op before ip", T.document(T.shapeLayer(T.triangle), top: #""v":"5","fr":30,"ip":10,"op":10"#), .invalid,
         "anim.json: op: the end frame op = 10 must come after the first frame ip = 10"),
        ("syntax", "{\"v\":\"5\",\n\"fr\" 30}", .syntax, "anim.json: line 2, column 6: expected ':' after a member name, found '3'"),
        ("nesting 10,000 deep", String(repeating: "[", count: 10_000), .syntax,
         "anim.json: line 1, column 513: arrays and objects nest deeper than 512 levels"),
        ("number overflow", T.document(T.shapeLayer(T.triangle), top: #""v":"5","fr":1e999,"ip":0,"op":30"#), .syntax,
         "anim.json: line 1, column 15: the number 1e999 is too large for a double (beyond ±1.7976931348623157e308)"),
        ("layer without ip", T.document(#"{"ty":4,"nm":"Ball","op":30,"ks":{},"shapes":[]}"#), .invalid,
         #"anim.json: layers[0] (layer 0 "Ball"): missing "ip" (the layer's first frame)"#),
        ("keyframes out of order", T.document(T.shapeLayer(#"{"ty":"sh","ks":{"k":[{"t":10,"s":[\#(T.path([(0, 0), (1, 1)]))],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":5,"s":[\#(T.path([(0, 0), (2, 2)]))]}]}}"#)), .invalid,
         #"anim.json: layers[0].shapes[0].ks.k[1] (layer 0 "Ball"): keyframes out of order: keyframe 1 is at frame 5, before keyframe 0 at 10"#),
        ("mismatched vertex counts", T.document(T.shapeLayer(#"{"ty":"sh","ks":{"k":[{"t":0,"s":[\#(T.path([(0, 0), (1, 1), (2, 0)]))],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":20,"s":[\#(T.path([(0, 0), (2, 2)]))]}]}}"#)), .invalid,
         #"anim.json: layers[0].shapes[0].ks.k[1] (layer 0 "Ball"): the keyframe's value has 2 vertices, keyframe 0 has 3 vertices (every keyframe needs the same)"#),
        ("vertex and tangent counts", T.document(T.shapeLayer(#"{"ty":"sh","ks":{"k":{"c":true,"v":[[0,0],[1,1]],"i":[[0,0]],"o":[[0,0],[0,0]]}}}"#)), .invalid,
         #"anim.json: layers[0].shapes[0].ks.k (layer 0 "Ball"): the shape has 2 vertices but 1 in and 2 out tangents"#),
        ("missing easing", T.document(T.shapeLayer(T.triangle, ks: #"{"r":{"k":[{"t":0,"s":[0]},{"t":20,"s":[90]}]}}"#)), .invalid,
         #"anim.json: layers[0].ks.r.k[0] (layer 0 "Ball"): missing easing handles "o" and "i" (a keyframe that is not the last and not a hold needs both)"#),
        ("easing x outside [0, 1]", T.document(T.shapeLayer(T.triangle, ks: #"{"r":{"k":[{"t":0,"s":[0],"o":{"x":-0.5,"y":0},"i":{"x":1,"y":1}},{"t":20,"s":[90]}]}}"#)), .unsupported,
         #"anim.json: layers[0].ks.r.k[0].o (layer 0 "Ball"): easing handle x = -0.5 lies outside [0, 1] (time cannot run backwards; the players disagree on such a curve)"#),
        ("expression", T.document(T.shapeLayer(T.triangle, ks: #"{"p":{"k":[0,0],"x":"wiggle(2, 5)"}}"#)), .unsupported,
         #"anim.json: layers[0].ks.p.x (layer 0 "Ball"): expressions are not supported (the position is computed by an After Effects expression)"#),
        ("expression in a path", T.document(T.shapeLayer(#"{"ty":"sh","ks":{"k":\#(T.path([(0, 0), (1, 1)])),"x":"content('x')"}}"#)), .unsupported,
         #"anim.json: layers[0].shapes[0].ks.x (layer 0 "Ball"): expressions are not supported (the path is computed by an After Effects expression)"#),
        ("mask", T.document(T.shapeLayer(T.triangle, extra: #","hasMask":true,"masksProperties":[{"mode":"a"}]"#)), .unsupported,
         #"anim.json: layers[0].masksProperties (layer 0 "Ball"): masks are not supported"#),
        ("trim paths", T.document(T.shapeLayer(T.triangle + #",{"ty":"tm","s":{"k":0},"e":{"k":50},"o":{"k":0}}"#)), .unsupported,
         #"anim.json: layers[0].shapes[1] (layer 0 "Ball"): trim paths (ty "tm") are not supported"#),
        ("merge paths", T.document(T.shapeLayer(#"{"ty":"gr","it":[\#(T.triangle),{"ty":"mm","mm":1}]}"#)), .unsupported,
         #"anim.json: layers[0].shapes[0].it[1] (layer 0 "Ball"): merge paths (ty "mm") are not supported"#),
        ("repeater", T.document(T.shapeLayer(T.triangle + #",{"ty":"rp","c":{"k":3}}"#)), .unsupported,
         #"anim.json: layers[0].shapes[1] (layer 0 "Ball"): repeaters (ty "rp") are not supported"#),
        ("unknown shape", T.document(T.shapeLayer(T.triangle + #",{"ty":"xx"}"#)), .unsupported,
         #"anim.json: layers[0].shapes[1] (layer 0 "Ball"): unknown shape type ty "xx""#),
        ("precomposition", T.document(#"{"ty":0,"nm":"Comp","refId":"c","ip":0,"op":30,"ks":{}}"#), .unsupported,
         #"anim.json: layers[0] (layer 0 "Comp"): precompositions (ty 0) are not supported"#),
        ("3-D layer", T.document(T.shapeLayer(T.triangle, extra: #","ddd":1"#)), .unsupported,
         #"anim.json: layers[0].ddd (layer 0 "Ball"): 3-D layers are not supported (the layer is 3-D)"#),
        ("3-D rotation", T.document(T.shapeLayer(T.triangle, ks: #"{"rx":{"k":10}}"#)), .unsupported,
         #"anim.json: layers[0].ks.rx (layer 0 "Ball"): 3-D rotation (rx) is not supported"#),
        ("track matte", T.document(T.shapeLayer(T.triangle, extra: #","tt":1"#)), .unsupported,
         #"anim.json: layers[0].tt (layer 0 "Ball"): track mattes are not supported (the layer is drawn through another layer)"#),
        ("auto-orient", T.document(T.shapeLayer(T.triangle, extra: #","ao":1"#)), .unsupported,
         #"anim.json: layers[0].ao (layer 0 "Ball"): auto-orient is not supported (the layer turns along its motion path)"#),
        ("skew with an axis", T.document(T.shapeLayer(T.triangle, ks: #"{"sk":{"k":10},"sa":{"k":30}}"#)), .unsupported,
         #"anim.json: layers[0].ks.sa (layer 0 "Ball"): a skew with a non-zero skew axis is not supported (lottie-web and lottie-ios shear along different directions)"#),
        ("missing parent", T.document(T.shapeLayer(T.triangle, extra: #","parent":9"#)), .invalid,
         #"anim.json: layers[0].parent (layer 0 "Ball"): the parent 9 is no layer's ind"#),
        ("parenting cycle", T.document(#"{"ty":3,"nm":"A","ind":2,"parent":3,"ip":0,"op":30,"ks":{}},{"ty":3,"nm":"B","ind":3,"parent":2,"ip":0,"op":30,"ks":{}},"# + T.shapeLayer(T.triangle, extra: #","parent":2"#)), .invalid,
         #"anim.json: layers[1].parent (layer 1 "B"): parenting cycle: the parent chain returns to layers[0]"#),
        ("no geometry", T.document(T.shapeLayer(#"{"ty":"fl"}"#)), .invalid,
         #"anim.json: layers[0].shapes (layer 0 "Ball"): the layer has no path, ellipse or rectangle (that is not hidden)"#),
        ("frame outside the layer", T.document(T.shapeLayer(T.triangle)), .frameOutOfRange,
         #"anim.json: layer 0 "Ball": frame 31 is outside the layer's frames 0 to 30 (ip to op)"#),
        ("overflowing outline", T.document(T.shapeLayer(#"{"ty":"el","p":{"k":[0,0]},"s":{"k":[1e308,1e308]}}"#, ks: #"{"s":{"k":[1000,1000]}}"#)), .nonFinite,
         #"anim.json: layer 0 "Ball": the outline at frame 10 is not finite (its numbers overflow a double)"#),
        ("layer name with a line break", T.document(T.shapeLayer(T.triangle + #",{"ty":"tm"}"#, name: #"Ball\nShadow"#)), .unsupported,
         #"anim.json: layers[0].shapes[1] (layer 0 "Ball\nShadow"): trim paths (ty "tm") are not supported"#),
    ]

    @Test(arguments: rows.indices)
    func badInputGivesOneLine(_ i: Int) {
        let row = Self.rows[i]
        let frame: Double = row.name == "frame outside the layer" ? 31 : 10
        guard let error = Self.failure(row.text, frame: frame) else {
            Issue.record("\(row.name): accepted")
            return
        }
        #expect(error.kind == row.kind, "\(row.name): \(error)")
        #expect(error.description == row.message, "\(row.name)")
        #expect(!error.description.contains("\n"))
    }

    static let two = T.document(T.shapeLayer(T.triangle, name: "Ball") + "," + T.shapeLayer(T.triangle, name: "Shadow")
                                + #",{"ty":3,"nm":"Null","ip":0,"op":30,"ks":{}}"#)

    @Test func severalShapeLayersAndNoSelectionListsThem() {
        #expect(Self.failure(Self.two)?.description
                == #"anim.json: 2 shape layers; choose one by name or index: layers[0] "Ball" (shape), layers[1] "Shadow" (shape)"#)
        #expect(Self.failure(Self.two)?.kind == .layerChoiceNeeded)
    }

    @Test func selectionErrors() {
        #expect(Self.failure(Self.two, layer: "Floor")?.description
                == #"anim.json: no layer is named "Floor"; the layers: layers[0] "Ball" (shape), layers[1] "Shadow" (shape), layers[2] "Null" (null)"#)
        #expect(Self.failure(Self.two, layer: "7")?.description == "anim.json: no layers[7]: the document has 3 layers (0 to 2)")
        #expect(Self.failure(Self.two, layer: "2")?.description == #"anim.json: layers[2] (layer 2 "Null"): a null layer (ty 3), not a shape layer"#)
        let twins = T.document(T.shapeLayer(T.triangle) + "," + T.shapeLayer(T.triangle))
        #expect(Self.failure(twins, layer: "Ball")?.description
                == #"anim.json: 2 layers are named "Ball": layers[0], layers[1]; choose one by index"#)
        #expect(Self.failure(T.document(""))?.description == "anim.json: no shape layer (ty 4) to read: the document has no layers")
        for name in ["Ball", "Shadow", "0", "1"] {
            #expect(Self.failure(Self.two, layer: name) == nil, "\(name)")
        }
    }

    @Test func aLayerNamedWithDigitsIsFoundByNameFirst() throws {
        let doc = try T.read(T.document(T.shapeLayer(T.triangle, name: "Ball") + "," + T.shapeLayer(T.triangle, name: "0")))
        #expect(try doc.shapeLayer(LottieLayerSelection(argument: "0")).info.position == 1)
        #expect(try doc.shapeLayer(.index(0)).info.position == 0)
    }

    @Test func aFiftyMegabyteTextIsRefusedBeforeItIsParsed() {
        let bytes = [UInt8](repeating: UInt8(ascii: " "), count: 50_000_000)
        do {
            _ = try LottieDocument(parsing: bytes, source: "big.json")
            Issue.record("read")
        } catch {
            #expect(error.description == "big.json: the document has 50000000 bytes, more than the limit of 33554432 bytes (32 MiB)")
        }
    }

    @Test func deeplyNestedGroupsWithinTheLimitAreRead() throws {
        var shapes = T.triangle
        for _ in 0..<250 { shapes = #"{"ty":"gr","it":[\#(shapes),{"ty":"tr","p":{"k":[1,0]}}]}"# }
        let layer = try T.read(T.document(T.shapeLayer(shapes))).shapeLayer()
        let outline = try layer.outline(atFrame: 3)
        #expect(outline.points.first?.x == 250)
    }

    /// Random bytes and random corruptions of a valid document never trap, and every failure is
    /// one line naming the file (the fuzz target does this at scale).
    @Test func corruptedDocumentsFailWithOneLine() throws {
        let base = Array(try String(contentsOf: LottieReferenceVenv.folder.appendingPathComponent("parented-transforms.json"), encoding: .utf8).utf8)
        var g = SplitMix64(seed: 0x107713)
        for _ in 0..<400 {
            var bytes = base
            for _ in 0..<(1 + Int(g.next() % 4)) {
                let i = Int(g.next() % UInt64(bytes.count))
                switch g.next() % 3 {
                case 0: bytes[i] = UInt8(truncatingIfNeeded: g.next())
                case 1: bytes.remove(at: i)
                default: bytes.insert(Array(#"0123456789-.e,:[]{}""#.utf8)[Int(g.next() % 20)], at: i)
                }
            }
            do {
                let doc = try LottieDocument(parsing: bytes, source: "x.json")
                for p in doc.layers.indices {
                    if let layer = try? doc.shapeLayer(.index(p)) {
                        do {
                            #expect(try layer.outline(atFrame: layer.frameRange.lowerBound).isFinite)
                        } catch {
                            #expect(!error.description.contains("\n") && error.description.hasPrefix("x.json: "))
                        }
                    }
                }
            } catch {
                #expect(!error.description.contains("\n") && error.description.hasPrefix("x.json: "), "\(error)")
            }
        }
    }
}

import Interchange

/// Small Lottie documents written by hand for the reader's unit tests.
enum LottieText {
    static func document(_ layers: String, top: String = #""v":"5.7.0","fr":30,"ip":0,"op":30,"w":512,"h":512"#) -> String {
        "{\(top),\"layers\":[\(layers)]}"
    }

    static func shapeLayer(_ shapes: String, name: String = "Ball", ks: String = "{}", extra: String = "") -> String {
        #"{"ty":4,"nm":"\#(name)","ind":1,"ip":0,"op":30,"st":0,"ks":\#(ks),"shapes":[\#(shapes)]\#(extra)}"#
    }

    /// A closed path through the points (tangents zero).
    static func path(_ points: [(Double, Double)]) -> String {
        let v = points.map { "[\($0.0),\($0.1)]" }.joined(separator: ",")
        let z = points.map { _ in "[0,0]" }.joined(separator: ",")
        return #"{"c":true,"v":[\#(v)],"i":[\#(z)],"o":[\#(z)]}"#
    }

    static let triangle = #"{"ty":"sh","ks":{"k":\#(path([(0, 0), (10, 0), (10, 10)]))}}"#

    static func read(_ text: String, source: String = "anim.json") throws(LottieError) -> LottieDocument {
        try LottieDocument(parsing: Array(text.utf8), source: source)
    }
}

import Geometry
import Testing

/// Hand-worked examples of the path data grammar and command semantics (SVG 2 §9.3).
@Suite("SVG path data grammar")
struct SVGPathGrammarTests {
    typealias F = SVGFixtures

    @Test("Empty and whitespace-only data give an empty path")
    func emptyData() throws {
        #expect(try Path(svgPathData: "").isEmpty)
        #expect(try Path(svgPathData: " \t\n\r\u{0C} ").isEmpty)
    }

    @Test("Numbers: longest match, signs, exponents, leading point")
    func numbers() throws {
        #expect(F.parse("M-5.5.5") == F.path { $0.move(to: Point(-5.5, 0.5)) })
        #expect(F.parse("M0.6.5") == F.path { $0.move(to: Point(0.6, 0.5)) })  // SVG 2's example
        #expect(F.parse("M100-200") == F.path { $0.move(to: Point(100, -200)) })  // SVG 2's example
        #expect(F.parse("M1E1 2e-1") == F.path { $0.move(to: Point(10, 0.2)) })
        #expect(F.parse("M1e+1-1E-1") == F.path { $0.move(to: Point(10, -0.1)) })
        #expect(F.parse("M+.5e+1-.25") == F.path { $0.move(to: Point(5, -0.25)) })
        #expect(F.parse("M1+2") == F.path { $0.move(to: Point(1, 2)) })
        #expect(F.parse("M007 0.0") == F.path { $0.move(to: Point(7, 0)) })
        // A trailing point, as SVG 1.1 and browsers accept: "1." is 1, "2.e1" is 20.
        #expect(F.parse("M1. 2.e1") == F.path { $0.move(to: Point(1, 20)) })
        #expect(F.parse("M1..5") == F.path { $0.move(to: Point(1, 0.5)) })
    }

    @Test("Numbers are converted with correct rounding, keeping the sign of zero")
    func numberConversion() throws {
        let p = try Path(svgPathData: "M0.1 0.30000000000000004 9007199254740993 -0 "
                                      + "4.9e-324 1e-99999 2.2250738585072011e-308 1e308")
        // 4.9e-324 is the least subnormal; 2.2250738585072011e-308 the largest subnormal.
        #expect(p.xs == [0.1, 9007199254740992, .leastNonzeroMagnitude, Double.leastNormalMagnitude.nextDown])
        #expect(p.ys == [0.30000000000000004, -0.0, 0, 1e308])
        #expect(p.ys[1].sign == .minus)
        // An overlong lexeme still rounds correctly.
        let long = "M0." + String(repeating: "0", count: 400) + "1e401 1" + String(repeating: "0", count: 30)
        let q = try Path(svgPathData: long)
        #expect(q.xs == [1] && q.ys == [1e30])
    }

    @Test("Separators: comma-wsp between numbers and groups, wsp after a command letter")
    func separators() throws {
        let expected = F.path { $0.move(to: Point(1, 2)); $0.line(to: Point(3, 4)) }
        for data in ["M1 2 3 4", "M1,2,3,4", "M 1 , 2 , 3 , 4", "M\t1\n2\r3\u{0C}4", "  M1,2 L3,4  ",
                     "M1 2L3 4", "M1 2\nL 3,4"] {
            #expect(F.parse(data) == expected, "\(data)")
        }
    }

    @Test("Implicit commands: pairs after M are L, after m are l; repeated letters may be left out")
    func implicitCommands() throws {
        #expect(F.parse("M0 0 1 1 2 2") == F.path {
            $0.move(to: Point(0, 0)); $0.line(to: Point(1, 1)); $0.line(to: Point(2, 2))
        })
        #expect(F.parse("m1 1 2 2 -1 0") == F.path {
            $0.move(to: Point(1, 1)); $0.line(to: Point(3, 3)); $0.line(to: Point(2, 3))
        })
        // A relative move-to later in the path is relative, and so are its implicit line-tos.
        #expect(F.parse("M1 1 L2 2 m1 1 1 0") == F.path {
            $0.move(to: Point(1, 1)); $0.line(to: Point(2, 2))
            $0.move(to: Point(3, 3)); $0.line(to: Point(4, 3))
        })
        #expect(F.parse("M1 1 c1 1 2 2 3 3 1 0 1 0 1 0") == F.path {
            $0.move(to: Point(1, 1))
            $0.cubic(to: Point(4, 4), control1: Point(2, 2), control2: Point(3, 3))
            $0.cubic(to: Point(5, 4), control1: Point(5, 4), control2: Point(5, 4))
        })
        #expect(F.parse("M1 1 M2 2") == F.path { $0.move(to: Point(1, 1)); $0.move(to: Point(2, 2)) })
        // A leading m is absolute: its coordinates are taken as written, sign of zero included.
        let leading = try #require(F.parse("m-0 -0 1 1"))
        #expect(F.identical(leading, F.path { $0.move(to: Point(-0.0, -0.0)); $0.line(to: Point(1, 1)) }))
    }

    @Test("H, h, V, v draw axis-parallel lines; repeated numbers are repeated commands")
    func horizontalVertical() throws {
        #expect(F.parse("M1 2 H5 V7 h-1 v-1 H3 4") == F.path {
            $0.move(to: Point(1, 2))
            for p in [Point(5, 2), Point(5, 7), Point(4, 7), Point(4, 6), Point(3, 6), Point(4, 6)] {
                $0.line(to: p)
            }
        })
    }

    @Test("S and s reflect the previous C/S second control point, else use the current point")
    func smoothCubic() throws {
        let afterC = F.path {
            $0.move(to: Point(0, 0))
            $0.cubic(to: Point(5, 6), control1: Point(1, 2), control2: Point(3, 4))
            $0.cubic(to: Point(11, 12), control1: Point(7, 8), control2: Point(9, 10))  // 2·(5,6) − (3,4)
            $0.cubic(to: Point(0, 0), control1: Point(13, 14), control2: Point(1, 1))   // 2·(11,12) − (9,10)
        }
        #expect(F.parse("M0 0 C1 2 3 4 5 6 S9 10 11 12 S1 1 0 0") == afterC)
        #expect(F.parse("M0 0 c1 2 3 4 5 6 s4 4 6 6 s-10-11-11-12") == afterC)
        // After a line (or a Q) the first control point is the current point.
        #expect(F.parse("M0 0 L1 1 S2 3 4 5") == F.path {
            $0.move(to: Point(0, 0)); $0.line(to: Point(1, 1))
            $0.cubic(to: Point(4, 5), control1: Point(1, 1), control2: Point(2, 3))
        })
        #expect(F.parse("M0 0 Q1 1 2 0 S3 3 4 0") == F.path {
            $0.move(to: Point(0, 0)); $0.quadratic(to: Point(2, 0), control: Point(1, 1))
            $0.cubic(to: Point(4, 0), control1: Point(2, 0), control2: Point(3, 3))
        })
        // A leading S has no previous segment either.
        #expect(F.parse("M1 1 s1 1 2 2") == F.path {
            $0.move(to: Point(1, 1))
            $0.cubic(to: Point(3, 3), control1: Point(1, 1), control2: Point(2, 2))
        })
    }

    @Test("T and t reflect the previous Q/T control point, else use the current point")
    func smoothQuadratic() throws {
        #expect(F.parse("M0 0 Q1 2 3 4 T5 6 T7 8") == F.path {
            $0.move(to: Point(0, 0))
            $0.quadratic(to: Point(3, 4), control: Point(1, 2))
            $0.quadratic(to: Point(5, 6), control: Point(5, 6))   // 2·(3,4) − (1,2)
            $0.quadratic(to: Point(7, 8), control: Point(5, 6))   // 2·(5,6) − (5,6)
        })
        // Without a preceding Q the control point is the current point, and that is what the
        // next T reflects.
        #expect(F.parse("M0 0 T4 4 t4 -4") == F.path {
            $0.move(to: Point(0, 0))
            $0.quadratic(to: Point(4, 4), control: Point(0, 0))
            $0.quadratic(to: Point(8, 0), control: Point(8, 8))
        })
        #expect(F.parse("M0 0 C1 1 2 2 3 3 T4 0") == F.path {
            $0.move(to: Point(0, 0))
            $0.cubic(to: Point(3, 3), control1: Point(1, 1), control2: Point(2, 2))
            $0.quadratic(to: Point(4, 0), control: Point(3, 3))
        })
    }

    @Test("After Z the current point is the subpath start; drawing there starts a new subpath")
    func closePath() throws {
        #expect(F.parse("M1 2z l3 4") == F.path {
            $0.move(to: Point(1, 2)); $0.close(); $0.move(to: Point(1, 2)); $0.line(to: Point(4, 6))
        })
        #expect(F.parse("M1 2 L3 4 Z m1 1 l1 0 z M0 0 Z Z") == F.path {
            $0.move(to: Point(1, 2)); $0.line(to: Point(3, 4)); $0.close()
            $0.move(to: Point(2, 3)); $0.line(to: Point(3, 3)); $0.close()
            $0.move(to: Point(0, 0)); $0.close()
        })
        // Reflection state does not survive a Z.
        #expect(F.parse("M0 0 C1 1 2 2 3 3 Z S4 4 5 5") == F.path {
            $0.move(to: Point(0, 0))
            $0.cubic(to: Point(3, 3), control1: Point(1, 1), control2: Point(2, 2))
            $0.close(); $0.move(to: Point(0, 0))
            $0.cubic(to: Point(5, 5), control1: Point(0, 0), control2: Point(4, 4))
        })
        // The stored move-to makes the parse equal to the Path API's own behaviour.
        var api = Path()
        api.move(to: Point(1, 2)); api.close(); api.line(to: Point(4, 6))
        #expect(F.parse("M1 2z L4 6") == api)
    }

    @Test("Arc arguments: flags are single characters needing no separator")
    func arcFlags() throws {
        let expected = F.path {
            $0.move(to: Point(0, 0))
            F.appendArc(to: &$0, from: Point(0, 0), to: Point(10, 0), rx: 5, ry: 5, rotation: 0,
                        largeArc: true, sweep: false)
        }
        #expect(expected.verbs == [.move, .cubic, .cubic])
        #expect(F.parse("M0 0 a5,5 0 10 10,0") == expected)
        #expect(F.parse("M0 0 A 5 5 0 1 0 10 0") == expected)
        #expect(F.parse("M0 0a5 5 0 1,0 10,0") == expected)
        #expect(F.parse("M0 0 a5 5 0 1010 0") == expected)  // flags 1, 0, then x = 10
        // Two arcs in one command, the second relative to the first one's end.
        let two = try Path(svgPathData: "M0 0 a5,5 0 0 1 10,0 5 5 0 0 1 -10 0")
        #expect(two.verbs == [.move, .cubic, .cubic, .cubic, .cubic])
        #expect(two.currentPoint == Point(0, 0))
    }

    @Test("Arc special cases in path data: omitted, straight, negative radii")
    func arcSpecialCases() throws {
        #expect(F.parse("M1 1 A5 5 0 0 0 1 1") == F.path { $0.move(to: Point(1, 1)) })
        #expect(F.parse("M1 1 A0 5 0 0 0 4 5") == F.path { $0.move(to: Point(1, 1)); $0.line(to: Point(4, 5)) })
        #expect(F.parse("M1 1 A5 -0 0 0 0 4 5") == F.path { $0.move(to: Point(1, 1)); $0.line(to: Point(4, 5)) })
        #expect(F.parse("M0 0 A-5 -5 0 0 1 10 0") == F.parse("M0 0 A5 5 0 0 1 10 0"))
        #expect(F.parse("M0 0 A5 5 -330 0 1 10 0") == F.parse("M0 0 A5 5 390 0 1 10 0"))
        // An omitted arc after Z draws nothing, so it starts no subpath.
        #expect(F.parse("M1 1 L2 2 Z A3 3 0 0 0 1 1") == F.path {
            $0.move(to: Point(1, 1)); $0.line(to: Point(2, 2)); $0.close()
        })
    }
}

// How the command line writes numbers, so the page shows the digits `beztune` prints.

/** A figure as `beztune error`'s table shows it: C's `%.6g` (6 significant digits, trailing
 *  zeros dropped, exponent form below 1e-4 and from 1e6 on), `0` for zero. */
export function figureText(x) {
    if (x === 0) return "0";
    if (!Number.isFinite(x)) return Number.isNaN(x) ? "nan" : x > 0 ? "inf" : "-inf";
    const [mantissa, exponentText] = x.toExponential(5).split("e");
    const exponent = Number(exponentText);
    if (exponent < -4 || exponent >= 6) {
        const digits = mantissa.includes(".") ? mantissa.replace(/0+$/, "").replace(/\.$/, "") : mantissa;
        const sign = exponent < 0 ? "-" : "+";
        return `${digits}e${sign}${String(Math.abs(exponent)).padStart(2, "0")}`;
    }
    const fixed = x.toFixed(Math.max(0, 5 - exponent));
    return fixed.includes(".") ? fixed.replace(/0+$/, "").replace(/\.$/, "") : fixed;
}

/** A number in shortest round-trip form (every digit that tells it apart), as CSV holds it. */
export function roundTripText(x) {
    return String(x);
}

/** A short label: `digits` significant digits without trailing zeros. */
export function shortText(x, digits = 4) {
    if (x === 0 || !Number.isFinite(x)) return String(x);
    return String(Number(x.toPrecision(digits)));
}

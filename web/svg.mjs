// Small helpers for drawing with SVG elements.

const SVG_NS = "http://www.w3.org/2000/svg";

/** A new SVG element `tag` with `attributes`, appended to `parent` when given. */
export function svgElement(tag, attributes = {}, parent = null) {
    const element = document.createElementNS(SVG_NS, tag);
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value));
    if (parent) parent.appendChild(element);
    return element;
}

/** Removes every child of `node`. */
export function clear(node) {
    while (node.firstChild) node.removeChild(node.firstChild);
}

/** Polyline points text of parallel x and y arrays mapped by `map(x, y) → [X, Y]`. */
export function pointsText(xs, ys, map) {
    let text = "";
    for (let i = 0; i < xs.length; i++) {
        const [X, Y] = map(xs[i], ys[i]);
        text += `${i ? " " : ""}${X.toFixed(3)},${Y.toFixed(3)}`;
    }
    return text;
}

// The Interchange test bundle: SVG document and Lottie reader tests live beside this file.

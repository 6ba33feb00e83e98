// Interchange: the files of other tools, read and written.
//
// In: SVG documents as design tools write them (transforms, groups, basic shapes, `use`, hidden
// content) and Lottie (Bodymovin) animations. Out: code and documents for apps and pages.
//
// Readers return outlines in the file's own user coordinates (SVG and Lottie are y-down); the
// one orientation flip into y-up model space is Fitting's. Nothing here prints, reads arguments
// or exits; every failure is a typed error that names the file's element or JSON path.

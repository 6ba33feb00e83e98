// The files layer carries the text layer: a program that reads CSV files through DataFiles
// uses CSVTable, CSVError and CSVWriter without a second import.
@_exported import CSV

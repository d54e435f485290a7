// Issue 14 (the grain book's write side): filled in by its work.
export {};

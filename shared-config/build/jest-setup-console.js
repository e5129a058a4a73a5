// Every project, node and jsdom alike: a test fails on console.error or console.warn output it
// did not declare with expectConsole (see ../src/testing/console.ts).
require('../src/testing/console').installConsoleGuard();

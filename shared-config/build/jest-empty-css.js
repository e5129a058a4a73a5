// A stylesheet imported as text (the webpack factory's asset/source rule), empty in tests.
module.exports = '';

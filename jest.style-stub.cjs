// CSS files have no behaviour under Jest; the browser tests cover styling.
module.exports = {};

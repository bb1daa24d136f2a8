/**
 * The page's router, as the browser builds share it under `react-router-dom`
 * (tools/rspack-config.mjs). A shared module cannot be tree-shaken (any remote may use any
 * export), and react-router 7 whole is 60 KiB gzip, most of it framework and server code (data
 * routers, SSR, cookies) that a hash-routed shell never runs. So the page shares the components
 * and hooks the shell and the steps use; a test checks every import of `react-router-dom` in
 * the sources against this list. Import `react-router-dom`, never `react-router` (lint).
 */
export { HashRouter, Link, Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';

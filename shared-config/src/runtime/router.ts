/**
 * The page's router: the part of react-router the teams use, shared as its own singleton
 * (`@forecourt/shared-config/router`).
 *
 * Why a slice and not the package: Module Federation shares a module whole, so sharing
 * 'react-router' itself put all of it (about 52 KB as sent, nine tenths unused: data routers,
 * loaders, forms, server rendering) on every page. Re-exported from here, webpack keeps only
 * what these exports reach (about 13 KB), and there is still one copy per page, so a fragment
 * mounted inside another team's app reads the same router context as its host.
 *
 * Teams import the router from here only (lint enforces it). A hook another team needs is added
 * here, once.
 */
export { BrowserRouter, Route, Routes, useLocation, useParams, useSearchParams } from 'react-router';

import { BrowserRouter, Route, Routes } from 'react-router';
import { HomePage } from '../features/home/components/home-page';
import { SearchPage } from '../features/search-page/components/search-page';

export function SearchApp() {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/" element={<HomePage />} />
        <Route path="*" element={<SearchPage />} />
      </Routes>
    </BrowserRouter>
  );
}

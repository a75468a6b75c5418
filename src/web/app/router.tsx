import { BrowserRouter, Route, Routes } from 'react-router';

/** Placeholder until the helper fills in the real routes. */
export function AppRouter() {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="*" element={<p>StudyShelf</p>} />
      </Routes>
    </BrowserRouter>
  );
}

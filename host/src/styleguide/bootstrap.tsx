import { createRoot } from 'react-dom/client';
import '@join/shared/tokens.css';
import '@join/shared/ui.css';
import './styleguide.css';
import { StyleGuide } from './style-guide';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from the style guide page');
document.title = 'Style guide | Tourist SIM';
createRoot(container).render(<StyleGuide />);

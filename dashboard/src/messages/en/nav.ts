import { defineSection } from '../t.ts';

export const nav = defineSection('nav', {
  home: 'Home',
  howItWorks: 'How it Works',
  integrations: 'Integrations',
  pricing: 'Pricing',
  faq: 'FAQ',
  faqs: 'FAQs',
  contact: 'Contact',
  privacy: 'Privacy',
  terms: 'Terms',
  goToDashboard: 'Go to Dashboard',
  startFree: 'Start Free',
  signIn: 'Sign in',
  mainMenu: 'Main menu',
  openMenu: 'Open menu',
  closeMenu: 'Close menu',
  copyright: '© 2025 Showback. All rights reserved.',
  footer: 'Footer',
});

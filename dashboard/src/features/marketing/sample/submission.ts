// Written by e2e/public-site/record-media.ts together with media/sample.mp4; do not edit by hand.
export const SAMPLE_SUBMISSION = {
  "width": 640,
  "height": 360,
  "duration": 6.4,
  "environment": {
    "browser": "Chromium 156",
    "os": "Linux",
    "screen": "640×360"
  },
  "events": [
    {
      "at": 0.1,
      "kind": "network",
      "status": 200,
      "text": "GET /pricing"
    },
    {
      "at": 4.2,
      "kind": "network",
      "status": 404,
      "text": "GET /vite/media/help-centre-icon.png"
    },
    {
      "at": 4.2,
      "kind": "console",
      "level": "error",
      "text": "Failed to load resource: the server responded with a status of 404 (Not Found)"
    },
    {
      "at": 4.2,
      "kind": "console",
      "level": "error",
      "text": "Help centre icon failed to load (404)"
    }
  ]
} as {
  width: number;
  height: number;
  duration: number;
  environment: { browser: string; os: string; screen: string };
  events: { at: number; kind: 'console' | 'network'; level?: string; text: string; status?: number }[];
};

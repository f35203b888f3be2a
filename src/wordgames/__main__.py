from wordgames.cli import main

raise SystemExit(main())
